import {
  MEDIA_SLOTS,
  type CreateUploadInput,
  type MediaContentType,
  type MediaSlot,
  type QuestionMediaChanges,
  type UploadTicket,
} from '@examprep/contracts/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { translateError } from '../../../shared/errors';
import { checkMediaFile, putWithProgress, UploadAbortedError } from '../../media/upload';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

/** A file chosen in this editor session: uploading, or staged under its upload id. */
export interface LocalMedia {
  fileName: string;
  contentType: MediaContentType;
  /** Object URL of the chosen file (the preview before the save). */
  previewUrl: string;
}

/**
 * One media panel's state. `change`: undefined keeps the stored file, null removes it,
 * `{ uploadId }` replaces it with the staged upload (admin spec §4, ADR 0020 §2).
 */
export interface SlotDraft {
  change: { uploadId: string } | null | undefined;
  /** The staged file (change = { uploadId }) or the one being uploaded. */
  local: LocalMedia | null;
  /** Percent sent while an upload runs; null otherwise. */
  progress: number | null;
  /** The panel's last problem (refused file, failed upload), naming the panel. */
  error: string | null;
}

export type MediaDrafts = Record<MediaSlot, SlotDraft>;

/** How long a finished upload's full bar stays before the preview replaces it. */
export const FULL_BAR_MS = 400;

const EMPTY: SlotDraft = { change: undefined, local: null, progress: null, error: null };
export const emptyDrafts = (): MediaDrafts =>
  Object.fromEntries(MEDIA_SLOTS.map((s) => [s, EMPTY])) as MediaDrafts;

/** The `media` of the save: only slots with a change (none: keep every stored file). */
export function mediaChanges(drafts: MediaDrafts): QuestionMediaChanges | undefined {
  const out: QuestionMediaChanges = {};
  for (const slot of MEDIA_SLOTS) {
    const { change } = drafts[slot];
    if (change !== undefined) out[slot] = change;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** 'Question Image: The file is not a PNG, JPEG or WebP image (…).' */
export const panelMessage = (slot: MediaSlot, message: string) => `${T[slot]}: ${message}`;

export type CreateUpload = (input: CreateUploadInput) => Promise<UploadTicket>;

interface Running {
  controller: AbortController;
  done: Promise<string | null>;
}

/**
 * The media panels' drafts: choose a file (checked in the browser, then a ticket from POST
 * /api/admin/media/uploads and a presigned PUT with progress), cancel, remove, and for the
 * save: wait for the uploads still running and read the changes.
 */
export function useMediaDrafts(createUpload: CreateUpload) {
  const [drafts, setDrafts] = useState<MediaDrafts>(emptyDrafts);
  const running = useRef(new Map<MediaSlot, Running>());
  // The changes as the save must send them, kept in step with `drafts` without waiting for a
  // render (the save reads them right after the uploads have settled).
  const changes = useRef<MediaDrafts>(emptyDrafts());
  const setChange = useCallback((slot: MediaSlot, change: SlotDraft['change']) => {
    changes.current = { ...changes.current, [slot]: { ...EMPTY, change } };
  }, []);
  const urls = useRef(new Set<string>());

  const patch = useCallback((slot: MediaSlot, next: Partial<SlotDraft>) => {
    setDrafts((d) => ({ ...d, [slot]: { ...d[slot], ...next } }));
  }, []);

  const release = useCallback((url: string | undefined) => {
    if (url && urls.current.delete(url)) URL.revokeObjectURL(url);
  }, []);

  const cancel = useCallback((slot: MediaSlot) => {
    running.current.get(slot)?.controller.abort();
  }, []);

  const choose = useCallback(
    async (slot: MediaSlot, file: File): Promise<void> => {
      cancel(slot);
      patch(slot, { error: null });
      const check = await checkMediaFile(slot, file);
      if (!check.ok) {
        patch(slot, { error: panelMessage(slot, check.message) });
        return;
      }
      const controller = new AbortController();
      const previewUrl = URL.createObjectURL(file);
      urls.current.add(previewUrl);
      const local: LocalMedia = { fileName: file.name, contentType: check.contentType, previewUrl };
      let before: SlotDraft = EMPTY;
      setDrafts((d) => {
        before = d[slot];
        return { ...d, [slot]: { ...d[slot], local, progress: 0, error: null } };
      });
      const done = (async (): Promise<string | null> => {
        try {
          const ticket = await createUpload({
            slot,
            contentType: check.contentType,
            size: file.size,
            fileName: file.name,
          });
          await putWithProgress(ticket, file, {
            signal: controller.signal,
            onProgress: (p) => patch(slot, { progress: p }),
          });
          if (controller.signal.aborted) throw new UploadAbortedError();
          // The full bar stays in view a moment: the last progress event often comes with
          // the answer, and a bar that vanishes at 85 % reads as a failure.
          patch(slot, { progress: 100 });
          await new Promise((r) => setTimeout(r, FULL_BAR_MS));
          if (controller.signal.aborted) throw new UploadAbortedError();
          release(before.local?.previewUrl);
          setChange(slot, { uploadId: ticket.uploadId });
          patch(slot, { change: { uploadId: ticket.uploadId }, local, progress: null });
          return null;
        } catch (err) {
          release(previewUrl);
          const aborted = err instanceof UploadAbortedError || controller.signal.aborted;
          const message = aborted ? null : panelMessage(slot, translateError(err));
          // Back to what the panel showed before this file; the problem stays in view.
          setDrafts((d) => ({
            ...d,
            [slot]: { ...before, progress: null, error: message },
          }));
          return message;
        } finally {
          if (running.current.get(slot)?.controller === controller) running.current.delete(slot);
        }
      })();
      running.current.set(slot, { controller, done });
      await done;
    },
    [cancel, createUpload, patch, release, setChange],
  );

  const remove = useCallback(
    (slot: MediaSlot) => {
      cancel(slot);
      setChange(slot, null);
      setDrafts((d) => {
        release(d[slot].local?.previewUrl);
        return { ...d, [slot]: { change: null, local: null, progress: null, error: null } };
      });
    },
    [cancel, release, setChange],
  );

  /** Back to the stored files (reset, after a save, another question). */
  const reset = useCallback(() => {
    for (const r of running.current.values()) r.controller.abort();
    running.current.clear();
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current.clear();
    changes.current = emptyDrafts();
    setDrafts(emptyDrafts());
  }, []);

  /** Waits for the uploads still running; their problems (empty when all went well). */
  const settle = useCallback(async (): Promise<string[]> => {
    const results = await Promise.all([...running.current.values()].map((r) => r.done));
    return results.filter((m): m is string => m !== null);
  }, []);

  useEffect(() => {
    const all = urls.current;
    const jobs = running.current;
    return () => {
      for (const r of jobs.values()) r.controller.abort();
      for (const url of all) URL.revokeObjectURL(url);
    };
  }, []);

  const uploading = useMemo(() => MEDIA_SLOTS.filter((s) => drafts[s].progress !== null), [drafts]);

  /** The `media` of the save (read after `settle`). */
  const saveChanges = useCallback(() => mediaChanges(changes.current), []);

  return { drafts, choose, cancel, remove, reset, settle, uploading, saveChanges };
}
