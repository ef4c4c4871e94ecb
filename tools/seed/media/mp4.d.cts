// Types of mp4.cjs, for its spec.
export interface Mp4Info {
  top: string[];
  seconds: number;
  samples: number;
  width: number;
  height: number;
}
export declare function boxesOf(
  buf: Buffer,
  start?: number,
  end?: number,
): { type: string; start: number; size: number; header: number }[];
export declare function normalizeMp4(input: Uint8Array): Buffer;
export declare function describeMp4(input: Uint8Array): Mp4Info;
