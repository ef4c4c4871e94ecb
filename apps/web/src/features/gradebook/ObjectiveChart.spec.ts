import { objectiveAxisLabel } from './ObjectiveChart';

describe('objectiveAxisLabel', () => {
  it("drops the section, so 'Numbers and Algebra - …' labels stay apart", () => {
    expect(objectiveAxisLabel('Numbers and Algebra - Fractions')).toBe('Fractions');
    expect(objectiveAxisLabel('Measurement and Data - Metric and US Customary Conversions')).toBe(
      'Metric and US Customary Conversions',
    );
    expect(objectiveAxisLabel('Fractions')).toBe('Fractions');
    expect(objectiveAxisLabel('Odd - ')).toBe('Odd - ');
  });

  it('shortens a long name to 36 characters with an ellipsis', () => {
    const label = objectiveAxisLabel(`Numbers and Algebra - ${'x'.repeat(50)}`);
    expect(label).toHaveLength(36);
    expect(label.endsWith('…')).toBe(true);
  });
});
