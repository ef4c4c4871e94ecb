// Types of images.cjs, for its spec.
export declare function questionDiagrams(
  questions: { _id: string; question: string; generatedFrom?: string }[],
  limit?: number,
): { qid: string; path: string; body: Buffer }[];
export declare function texturePng(size: number, a: string, b: string): Buffer;
export declare function fixturePng(): Buffer;
