import { Box, Stack, Typography } from '@mui/material';

export interface ReportBar {
  label: string;
  /** Minor units; bars are drawn in proportion to the chart's largest value. */
  values: readonly number[];
  texts: readonly string[];
}

/**
 * A horizontal bar chart of plain boxes: prints exactly as shown (no canvas, no charting
 * library to load), one colour per position in a group (e.g. paid, then share).
 */
export function ReportBars({
  bars,
  colors,
}: {
  bars: readonly ReportBar[];
  colors: readonly string[];
}) {
  const largest = Math.max(1, ...bars.flatMap((bar) => bar.values.map(Math.abs)));
  return (
    <Stack spacing={1}>
      {bars.map((bar) => (
        <Box
          key={bar.label}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(80px, 30%) 1fr', gap: 1 }}
        >
          <Typography variant="body2" noWrap title={bar.label}>
            {bar.label}
          </Typography>
          <Stack spacing={0.25}>
            {bar.values.map((value, index) => (
              <Stack key={colors[index]} direction="row" spacing={1} alignItems="center">
                <Box sx={{ flex: 1, height: 8, bgcolor: 'action.hover', borderRadius: 1 }}>
                  <Box
                    sx={{
                      width: `${(Math.abs(value) / largest) * 100}%`,
                      minWidth: value === 0 ? 0 : 2,
                      height: '100%',
                      bgcolor: colors[index],
                      borderRadius: 1,
                      printColorAdjust: 'exact',
                      WebkitPrintColorAdjust: 'exact',
                    }}
                  />
                </Box>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ minWidth: 88, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                >
                  {bar.texts[index]}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
