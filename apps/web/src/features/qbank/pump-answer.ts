import {
  PUMP_ANSWER_ORDER,
  type PumpAnswerInput,
  type PumpQuestion,
} from '@examprep/contracts/types';
import { INFINITE_QBANK_MESSAGES as T } from './qbank.messages';

/**
 * A pump item's answer as the Infinite QBank check takes it (PUMP_ANSWER_ORDER): Rate and
 * VTBI modes [A.rate, A.vtbi, B.rate, B.vtbi], Time mode [hours, minutes]. Strings as typed.
 */
export function pumpAnswerStrings(question: PumpQuestion, answer: PumpAnswerInput): string[] {
  if (question.calculate === 'time') return [answer.hours ?? '', answer.minutes ?? ''];
  return PUMP_ANSWER_ORDER.channels.map((name) => {
    const [channel, field] = name.split('.') as ['A' | 'B', 'rate' | 'vtbi'];
    return answer[channel]?.[field] ?? '';
  });
}

/** The correct answer strings of a checked pump item, as a learner reads them. */
export function pumpAnswerText(question: PumpQuestion, correct: readonly string[]): string {
  if (question.calculate === 'time') return T.pumpTimeAnswer(correct[0] ?? '', correct[1] ?? '');
  return (['A', 'B'] as const)
    .map((channel, i) =>
      T.pumpChannelAnswer(channel, correct[2 * i] ?? '', correct[2 * i + 1] ?? ''),
    )
    .join('; ');
}
