import { generatorKeys } from '../registry';
import { lintTopic, topicsOf } from '../testing/lint-registry';
import { PUMP_TOPIC_KINDS } from '../med-dosage/pump';

describe('registry lint specs', () => {
  it('cover every topic of the registry: TEAS, Med Dosage and the pump topics', () => {
    const covered = [...topicsOf('teas_'), ...topicsOf('md_')].sort();
    expect(covered).toEqual([...generatorKeys()].sort());
    expect(Object.keys(PUMP_TOPIC_KINDS).every((key) => covered.includes(key))).toBe(true);
  });

  it('reports the first offending seeds with their texts', () => {
    // a clean topic reports nothing; the report lines name topic~seed, rule, place and text
    expect(lintTopic('teas_decimal_ops', 50)).toEqual([]);
  });
});
