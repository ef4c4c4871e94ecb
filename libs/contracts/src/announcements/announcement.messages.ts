import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type { Announcement, AnnouncementInput, Envelope, Page, PageRequest } from '../types';

/**
 * Which announcements a list asks for (ADR 0026): `list` (default) is the /updates list, a
 * keyset page by order, then newest date, then newest write; `latest` is the welcome modal's
 * one announcement, the newest visible one by date (a page of at most one, never a next).
 */
export type AnnouncementsView = 'list' | 'latest';

/** Payloads of the announcements.* request/reply subjects. */
export type ListAnnouncementsMessage = Envelope<{ page?: PageRequest; view?: AnnouncementsView }>;
export type CreateAnnouncementMessage = Envelope<{ input: AnnouncementInput }>;
export type UpdateAnnouncementMessage = Envelope<{ id: string; input: AnnouncementInput }>;
export type DeleteAnnouncementMessage = Envelope<{ id: string }>;

/** Published on JetStream after a write, so caches and SSE streams can refresh. */
export interface AnnouncementChangedEvent {
  id: string;
  change: 'created' | 'updated' | 'deleted';
  at: string;
}

/** The announcements part of RpcMap: each subject with its request and reply. */
export interface AnnouncementsRpc {
  [Subjects.announcements.list]: RpcPair<ListAnnouncementsMessage, Page<Announcement>>;
  [Subjects.announcements.create]: RpcPair<CreateAnnouncementMessage, Announcement>;
  [Subjects.announcements.update]: RpcPair<UpdateAnnouncementMessage, Announcement>;
  [Subjects.announcements.delete]: RpcPair<DeleteAnnouncementMessage, { deleted: true }>;
}

/** The announcements part of EventMap. */
export interface AnnouncementsEvents {
  [Events.announcementChanged]: AnnouncementChangedEvent;
}
