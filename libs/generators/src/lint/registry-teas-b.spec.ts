import { describeLint, topicsOf } from '../testing/lint-registry';

const teas = topicsOf('teas_');
describeLint('TEAS (second half)', teas.slice(Math.ceil(teas.length / 2)));
