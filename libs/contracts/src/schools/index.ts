export * from './schools.dto';
export * from './schools.messages';
