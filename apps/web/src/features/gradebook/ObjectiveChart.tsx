import { type ObjectiveScore } from '@examprep/contracts/types';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

/** Bootstrap's success, danger and secondary colours: the navigator's green, red and grey. */
export const OBJECTIVE_COLOURS = {
  correct: '#198754',
  incorrect: '#dc3545',
  unanswered: '#6c757d',
} as const;

const ROW_PX = 38;
const LABEL_CHARS = 36;

/**
 * The axis label of an objective: its own name without the section ('Numbers and Algebra -
 * Fractions' → 'Fractions'; the section prefix made every label look alike), shortened. The
 * tooltip and the table keep the whole name.
 */
export function objectiveAxisLabel(name: string): string {
  const cut = name.lastIndexOf(' - ');
  const own = cut >= 0 && cut + 3 < name.length ? name.slice(cut + 3) : name;
  return own.length > LABEL_CHARS ? `${own.slice(0, LABEL_CHARS - 1)}…` : own;
}

/**
 * The per-objective breakdown as stacked horizontal bars (recharts; loaded lazily with the
 * gradebook and review pages only). It is a picture for sighted users: screen readers get the
 * table that `ObjectiveBreakdown` renders beside it, so the chart is hidden from them. The bars
 * do not animate: a screenshot or a glance mid-animation showed every bar short of its value.
 */
export default function ObjectiveChart({ objectives }: { objectives: ObjectiveScore[] }) {
  const height = Math.max(120, objectives.length * ROW_PX + 70);
  return (
    <div aria-hidden="true" data-testid="objective-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={objectives}
          layout="vertical"
          margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="objective"
            width={140}
            interval={0}
            tickFormatter={objectiveAxisLabel}
            tick={{ fontSize: 12 }}
          />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="correct"
            name={T.correct}
            stackId="score"
            isAnimationActive={false}
            fill={OBJECTIVE_COLOURS.correct}
          />
          <Bar
            dataKey="incorrect"
            name={T.incorrect}
            stackId="score"
            isAnimationActive={false}
            fill={OBJECTIVE_COLOURS.incorrect}
          />
          <Bar
            dataKey="unanswered"
            name={T.unansweredCount}
            stackId="score"
            isAnimationActive={false}
            fill={OBJECTIVE_COLOURS.unanswered}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
