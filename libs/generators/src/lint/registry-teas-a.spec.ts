import { describeLint, topicsOf } from '../testing/lint-registry';

const teas = topicsOf('teas_');
// Half the TEAS topics here, half in registry-teas-b (Jest runs spec files in parallel).
describeLint('TEAS (first half)', teas.slice(0, Math.ceil(teas.length / 2)));
