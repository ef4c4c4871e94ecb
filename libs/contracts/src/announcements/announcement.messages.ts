import type { AnnouncementInput, Envelope } from '../types';

/** Payloads of the announcements.* request/reply subjects. */
export type ListAnnouncementsMessage = Envelope;
export type CreateAnnouncementMessage = Envelope<{ input: AnnouncementInput }>;
export type UpdateAnnouncementMessage = Envelope<{ id: string; input: AnnouncementInput }>;
export type DeleteAnnouncementMessage = Envelope<{ id: string }>;

/** Published on JetStream after a write, so caches and SSE streams can refresh. */
export interface AnnouncementChangedEvent {
  id: string;
  change: 'created' | 'updated' | 'deleted';
  at: string;
}
