/** The IV pump simulator: the pump face (also for pump items in other screens) and its page. */
export { PumpFace, type PumpFaceProps } from './PumpFace';
