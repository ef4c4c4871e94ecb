import {
  Area,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TrendRow } from './learning-format';
import { LEARNING_TEXT as T } from './learning.messages';

/** Bootstrap's primary (estimates) and success (graded tests). */
const COLOURS = { estimate: '#0d6efd', band: '#9ec5fe', test: '#198754' } as const;

/** The legend's words in the body colour (the series' own colours are too light to read). */
const legendText = (value: string) => <span style={{ color: '#212529' }}>{value}</span>;

const tickDate = (time: number) =>
  new Date(time).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/**
 * The score trend (recharts; loaded lazily with /readiness only): graded tests as points, the
 * daily estimates as a line inside their 80 % band, with the range as a bar at each estimate. A picture for sighted users: the page's
 * table says the same to screen readers, so the chart is hidden from them. No animation: a
 * screenshot mid-animation showed the line short of its values.
 */
export default function TrendChart({ rows }: { rows: TrendRow[] }) {
  return (
    <div aria-hidden="true" data-testid="trend-chart" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={rows}
          margin={{ top: 8, right: 12, bottom: 4, left: -12 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={tickDate}
            tick={{ fontSize: 12 }}
          />
          <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(t) => tickDate(Number(t))} />
          <Legend formatter={legendText} />
          <Area
            dataKey="band"
            name={T.legendBand}
            stroke="none"
            fill={COLOURS.band}
            fillOpacity={0.6}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            dataKey="estimate"
            name={T.legendEstimate}
            stroke={COLOURS.estimate}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          >
            {/* the range at every estimate: the band alone needs two days to show */}
            <ErrorBar dataKey="error" width={6} stroke={COLOURS.estimate} direction="y" />
          </Line>
          <Scatter
            dataKey="test"
            name={T.legendTests}
            fill={COLOURS.test}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
