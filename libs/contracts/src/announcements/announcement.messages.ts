import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type { Announcement, AnnouncementInput, Envelope } from '../types';

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

/** The announcements part of RpcMap: each subject with its request and reply. */
export interface AnnouncementsRpc {
  [Subjects.announcements.list]: RpcPair<ListAnnouncementsMessage, Announcement[]>;
  [Subjects.announcements.create]: RpcPair<CreateAnnouncementMessage, Announcement>;
  [Subjects.announcements.update]: RpcPair<UpdateAnnouncementMessage, Announcement>;
  [Subjects.announcements.delete]: RpcPair<DeleteAnnouncementMessage, { deleted: true }>;
}

/** The announcements part of EventMap. */
export interface AnnouncementsEvents {
  [Events.announcementChanged]: AnnouncementChangedEvent;
}
