/** The clinical reference table (ADR 0038): drug rows here, fluid rows from libs/pump. */
export * from './table';
export * from './types';
export { S as SOURCES, type ReferenceSource } from './sources';
export {
  FLUID_ROWS,
  PIGGYBACK_ROW,
  fluidRow,
  maxBagMl,
  type FluidRow,
  type FluidName,
  type PiggybackRow,
} from '@examprep/pump';
