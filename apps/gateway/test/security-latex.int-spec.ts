// Security suite (issue 15, Deliver 3): hostile LaTeX in every field the web renders with KaTeX
// (question text, choices, correct answers, explanation: apps/web MathText). The server stores
// such text inertly, as the JSON string it was sent (never turned into markup, never run), and
// answers it as application/json with nosniff; the web renders it with trust off and bounded
// time (apps/web/src/shared/math/render-latex.spec.ts).
import { call, exchange, tokenFor } from './support/api';
import { warmToken } from './support/probe';
import { systemCtl } from './support/system';

const HOSTILE = [
  '\\(\\href{javascript:alert(1)}{click}\\)',
  '\\(\\url{javascript:alert(document.cookie)}\\)',
  '\\(\\htmlData{onclick=alert(1)}{x}\\)',
  '\\(\\includegraphics{https://evil.example/track.png}\\)',
  '\\(\\def\\a{\\a\\a}\\a\\)',
  `\\[${'\\frac{'.repeat(60)}1${'}{2}'.repeat(60)}\\]`,
  '\\(\\rule{100000em}{100000em}\\)',
  '<script>alert(1)</script> \\(\\text{<img src=x onerror=alert(1)>}\\)',
];

beforeAll(async () => {
  systemCtl('start', ['qbank', 'gateway']);
  await warmToken(() => tokenFor('admin'));
}, 60_000);

describe('hostile LaTeX in every rendered field of a question', () => {
  it('is stored and answered back as the same inert text', async () => {
    const body = {
      question: HOSTILE.join(' '),
      type: 'sata',
      choices: HOSTILE,
      correctAnswer: HOSTILE.slice(0, 2),
      explanation: HOSTILE.join('\n'),
      course: 'security_probe',
      objective: 'latex',
    };
    const created = await call('POST', '/api/questions', { who: 'admin', body });
    expect({ status: created.status, message: created.body?.message }).toEqual({ status: 201 });
    const qid = created.body.qid as string;
    try {
      const res = await exchange('GET', `/api/questions/${qid}`, { who: 'admin' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.body).toMatchObject({
        question: body.question,
        choices: body.choices,
        correctAnswer: body.correctAnswer,
        explanation: body.explanation,
      });
    } finally {
      expect((await call('DELETE', `/api/questions/${qid}`, { who: 'admin' })).status).toBe(200);
    }
  });
});
