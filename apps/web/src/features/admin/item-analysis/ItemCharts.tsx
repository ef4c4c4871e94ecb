import type { ItemStatsDetail } from '@examprep/contracts/types';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ITEM_ANALYSIS_MESSAGES as T } from './item-analysis.messages';

const COLOURS = { correct: '#198754', misconception: '#fd7e14', wrong: '#dc3545', none: '#6c757d' };
const LABEL_CHARS = 28;
const short = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

/**
 * One question's two charts (recharts, loaded lazily with the details): the option
 * distribution (green the right options, orange a wrong one that names a misconception, red
 * other wrong ones, grey no answer) and the time histogram. Pictures for sighted users: the
 * tables beside them say the same to screen readers, so the charts are hidden from them. No
 * animation (a screenshot mid-animation shows short bars).
 */
export default function ItemCharts({ detail }: { detail: ItemStatsDetail }) {
  const responses = detail.responses.map((r) => ({ ...r, name: short(r.label) }));
  const height = Math.max(120, responses.length * 34 + 40);
  return (
    <div aria-hidden="true" className="row g-3" data-testid="item-charts">
      <div className="col-12 col-lg-6" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={responses} layout="vertical" accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis
              type="category"
              dataKey="name"
              width={150}
              interval={0}
              tick={{ fontSize: 12 }}
            />
            <Tooltip />
            <Bar dataKey="count" name={T.colChosen} isAnimationActive={false}>
              {responses.map((r) => (
                <Cell
                  key={r.key}
                  fill={
                    r.correct
                      ? COLOURS.correct
                      : r.key === 'none'
                        ? COLOURS.none
                        : r.misconception
                          ? COLOURS.misconception
                          : COLOURS.wrong
                  }
                />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="col-12 col-lg-6" style={{ height: 220 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={detail.timeHistogram} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11 }}
              interval={0}
              angle={-35}
              textAnchor="end"
              height={50}
            />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={T.colAnswers} fill="#0d6efd" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
