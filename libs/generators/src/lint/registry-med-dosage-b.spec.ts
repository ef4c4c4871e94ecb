import { PUMP_TOPIC_KINDS } from '../med-dosage/pump';
import { describeLint, topicsOf } from '../testing/lint-registry';

const medDosage = topicsOf('md_', (key) => key in PUMP_TOPIC_KINDS);
describeLint('Med Dosage (second half)', medDosage.slice(Math.ceil(medDosage.length / 2)));
