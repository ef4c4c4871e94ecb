import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import { INSTRUCTOR_TEXT as T, READINESS_THRESHOLD_PERCENT } from './instructor.messages';

/** One learner's bar: the likely range as [low, high] (recharts draws a range from a pair). */
export interface ReadinessRow {
  name: string;
  percent: number;
  range: [number, number];
}

/** Bootstrap's primary (the estimate), a light primary (its range) and secondary (the line). */
const COLOURS = { estimate: '#0a58ca', range: '#9ec5fe', threshold: '#6c757d' } as const;
const ROW_PX = 32;
const AXIS_PX = 60;
const LABEL_CHARS = 16;
const MARK_PX = 3;

const axisName = (name: string) =>
  name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name;

/** The range as a band with the estimate as a mark across it. */
function RangeWithMark(props: BarShapeProps) {
  const { x, y, width, height } = props;
  const row = props.payload as ReadinessRow;
  const [low, high] = row.range;
  const share = high > low ? (row.percent - low) / (high - low) : 0.5;
  const markX = x + Math.min(1, Math.max(0, share)) * width;
  return (
    <g>
      <rect x={x} y={y} width={Math.max(width, 1)} height={height} fill={COLOURS.range} rx={2} />
      <rect
        x={markX - MARK_PX / 2}
        y={y - 2}
        width={MARK_PX}
        height={height + 4}
        fill={COLOURS.estimate}
      />
    </g>
  );
}

/**
 * The class's TEAS Math readiness: a horizontal band per learner (the likely range) with the
 * estimate marked, and the threshold of the summary as a line (recharts; loaded with the tab
 * only). A picture for sighted users: the tab's table says the same, so it is hidden from
 * screen readers. No animation: a glance mid-animation showed every band short.
 */
export default function ReadinessChart({ rows }: { rows: ReadinessRow[] }) {
  const height = rows.length * ROW_PX + AXIS_PX;
  return (
    <div aria-hidden="true" data-testid="readiness-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 100]} unit=" %" tick={{ fontSize: 12 }} />
          <YAxis
            type="category"
            dataKey="name"
            width={110}
            interval={0}
            tickFormatter={axisName}
            tick={{ fontSize: 12 }}
          />
          <ReferenceLine
            x={READINESS_THRESHOLD_PERCENT}
            stroke={COLOURS.threshold}
            strokeDasharray="4 4"
          />
          <Bar
            dataKey="range"
            name={T.legendRange}
            shape={RangeWithMark}
            isAnimationActive={false}
            barSize={14}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
