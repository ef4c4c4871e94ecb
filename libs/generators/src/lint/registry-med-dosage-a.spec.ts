import { PUMP_TOPIC_KINDS } from '../med-dosage/pump';
import { describeLint, topicsOf } from '../testing/lint-registry';

const medDosage = topicsOf('md_', (key) => key in PUMP_TOPIC_KINDS);
// Half the Med Dosage topics here, half in registry-med-dosage-b; the pump topics in registry-pump.
describeLint('Med Dosage (first half)', medDosage.slice(0, Math.ceil(medDosage.length / 2)));
