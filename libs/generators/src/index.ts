/**
 * `@examprep/generators`: pure, deterministic `(topicKey, seed) -> question` generators for
 * TEAS Math and Med Dosage, their course catalogue and registry. Not for browser bundles:
 * items carry their answers, and the pump topics replay `@examprep/pump` (server side).
 */
export * from './core';
export * from './registry';
export { TEAS_COURSE } from './teas';
export { MED_DOSAGE_COURSE } from './med-dosage';
export {
  isPumpAnswerCorrect,
  previewItemsOf,
  PUMP_PREVIEW_ITEM_SEEDS,
  PUMP_TOPIC_KINDS,
  pumpAnswerInput,
  pumpAnswerLength,
  pumpAnswerStrings,
  pumpProblemOf,
  pumpRefOf,
} from './med-dosage/pump';
