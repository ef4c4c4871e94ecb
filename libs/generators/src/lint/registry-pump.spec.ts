import { PUMP_TOPIC_KINDS } from '../med-dosage/pump';
import { generatorKeys } from '../registry';
import { describeLint } from '../testing/lint-registry';

describeLint(
  'pump topics',
  generatorKeys().filter((key) => key in PUMP_TOPIC_KINDS),
);
