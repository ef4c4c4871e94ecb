import { ismpUnitsRule } from './ismp-units';
import { findings } from './test-helpers';

describe('ISMP units rule', () => {
  it.each([
    'Give 5 mL of heparin 5,000 units subcut daily at 0900; 0.1 mcg/kg/min; 2 L; 10 mL/hr.',
    '\\(P = 2l + 2w\\)',
    'Infuse \\(25{,}000\\,\\text{units}\\) in \\(250\\,\\text{mL}\\); \\(12\\,\\text{units/kg/hr}\\).',
    'The table: \\[\\begin{array}{l|r} \\text{A} & 24 \\end{array}\\]',
    'Give 1 mg every 4 hr; accurate and successful.',
  ])('passes %s', (text) => {
    expect(findings(ismpUnitsRule, text)).toEqual([]);
  });

  it.each([
    ['Give 5 cc.', "'cc' is on ISMP's error-prone list: write mL"],
    ['Give 10 U of insulin.', "'U' is on ISMP's error-prone list: write units"],
    ['Give 1,000 IU daily.', "'IU' is on ISMP's error-prone list: write units"],
    ['Give 50 µg.', "'µg' is on ISMP's error-prone list: write mcg"],
    ['\\(5\\,\\text{ml}\\)', "'ml' is on ISMP's error-prone list: write mL"],
    ['Give 2 l of fluid.', "'l' is on ISMP's error-prone list: write L"],
    ['Give heparin SC.', "'SC' is on ISMP's error-prone list: write subcut"],
    ['Give digoxin QD.', "'QD' is on ISMP's error-prone list: write daily / every other day"],
    ['Give 2 tablets @ bedtime.', "'@' is on ISMP's error-prone list: write 'at'"],
    ['Give MgSO4 2 g.', "'MgSO4' is on ISMP's error-prone list: write the drug name in full"],
  ])('flags %s', (text, message) => {
    expect(findings(ismpUnitsRule, text)).toEqual([message]);
  });
});
