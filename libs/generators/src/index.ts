/**
 * `@examprep/generators`: pure, deterministic `(topicKey, seed) -> question` generators for
 * TEAS Math and Med Dosage, their course catalogue and registry. Browser-safe.
 */
export * from './core';
export * from './registry';
export { TEAS_COURSE } from './teas';
export { MED_DOSAGE_COURSE } from './med-dosage';
