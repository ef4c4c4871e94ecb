// Types of videos.cjs, for its spec.
import type { WorkbookChapter } from '@examprep/contracts/types';

export interface PlannedVideo {
  productId: string;
  path: string;
  title: string;
  chapter: RegExp;
  seconds: number;
  render(): Promise<Buffer>;
}
export declare const VIDEO_SCRIPTS: Record<
  string,
  { folder: string; title: string; videos: unknown[] }
>;
export declare const SIZE: { width: number; height: number };
export declare const FPS: number;
export declare function videoPlan(): PlannedVideo[];
export declare function attachVideos(
  chapters: WorkbookChapter[],
  productId: string,
  plan?: PlannedVideo[],
): WorkbookChapter[];
export declare function renderTinyClip(): Promise<Buffer>;
