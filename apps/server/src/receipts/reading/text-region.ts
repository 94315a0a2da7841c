/**
 * Where the print is on a receipt image and how tall its lines are, from a grey image's ink
 * profile. A scan is often a small receipt on a large white page and a photo a receipt on a
 * table; OCR reads best on the receipt alone, scaled so its lines have a set height.
 */

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface TextRegion {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Median height (px) of the printed lines found, or null when none stood out. */
  lineHeight: number | null;
}

/** The grey level between ink and paper (Otsu's threshold over the histogram). */
export function inkThreshold(image: GrayImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * (histogram[level] ?? 0);
  let sumBelow = 0;
  let countBelow = 0;
  let best = 128;
  let bestVariance = -1;
  for (let level = 0; level < 256; level += 1) {
    countBelow += histogram[level] ?? 0;
    if (countBelow === 0 || countBelow === total) continue;
    sumBelow += level * (histogram[level] ?? 0);
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / (total - countBelow);
    const variance = countBelow * (total - countBelow) * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = level;
    }
  }
  return best;
}

interface Run {
  start: number;
  end: number;
  weight: number;
}

/** Runs of consecutive positions whose count reaches `minimum`. */
function runsOf(counts: number[], minimum: number): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  counts.forEach((count, position) => {
    if (count >= minimum) {
      if (current) {
        current.end = position + 1;
        current.weight += count;
      } else {
        current = { start: position, end: position + 1, weight: count };
        runs.push(current);
      }
    } else {
      current = null;
    }
  });
  return runs;
}

/**
 * The span of the print: runs closer than `gap` are grouped, and the groups that hold a fair
 * share of the ink are kept, so that a speck, a fold's shadow or a scanner's edge far from the
 * receipt is left out but a column of prices or a paragraph after a blank line is not.
 */
function mainSpan(runs: Run[], gap: number): { start: number; end: number } | null {
  const groups: Run[] = [];
  for (const run of runs) {
    const last = groups.at(-1);
    if (last && run.start - last.end <= gap) {
      last.end = run.end;
      last.weight += run.weight;
    } else {
      groups.push({ ...run });
    }
  }
  const heaviest = Math.max(0, ...groups.map((group) => group.weight));
  const kept = groups.filter((group) => group.weight >= KEPT_SHARE * heaviest);
  const first = kept[0];
  const last = kept.at(-1);
  return first && last ? { start: first.start, end: last.end } : null;
}

/** A group of print with less ink than this share of the heaviest one is noise. */
const KEPT_SHARE = 0.15;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The paper: the columns mostly brighter than the threshold, then the rows mostly bright
 * within them. On a scan that is the whole page; on a photo, the receipt without the table.
 */
function findPaper(image: GrayImage, threshold: number): Box | null {
  const { data, width, height } = image;
  const brightInColumn = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if ((data[row + x] ?? 0) > threshold) brightInColumn[x] = (brightInColumn[x] ?? 0) + 1;
    }
  }
  const columns = mainSpan(runsOf(brightInColumn, height * 0.5), width * 0.02);
  if (!columns) return null;
  const brightInRow = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = columns.start; x < columns.end; x += 1) {
      if ((data[row + x] ?? 0) > threshold) brightInRow[y] = (brightInRow[y] ?? 0) + 1;
    }
  }
  const rows = mainSpan(runsOf(brightInRow, (columns.end - columns.start) * 0.5), height * 0.02);
  if (!rows) return null;
  return { left: columns.start, right: columns.end, top: rows.start, bottom: rows.end };
}

/**
 * The box holding the receipt's print and its line height. Paper is told from a darker
 * background (a table under a photo) first, then ink is looked for on the paper only.
 */
export function findTextRegion(image: GrayImage): TextRegion {
  const { data, width, height } = image;
  const threshold = inkThreshold(image);
  const whole: TextRegion = { left: 0, top: 0, width, height, lineHeight: null };
  if (width < 16 || height < 16) return whole;
  const paper = findPaper(image, threshold);
  if (!paper) return whole;

  const inkInRow = new Array<number>(height).fill(0);
  const inkInColumn = new Array<number>(width).fill(0);
  for (let y = paper.top; y < paper.bottom; y += 1) {
    const row = y * width;
    for (let x = paper.left; x < paper.right; x += 1) {
      if ((data[row + x] ?? 255) <= threshold) {
        inkInRow[y] = (inkInRow[y] ?? 0) + 1;
        inkInColumn[x] = (inkInColumn[x] ?? 0) + 1;
      }
    }
  }
  // Specks are a pixel or two; a printed line has ink over much of its width, though a row
  // crossing only the thin strokes of light print has little: the bar is kept low.
  const rowMinimum = Math.max(2, 0.01 * Math.max(...inkInRow));
  const rowRuns = runsOf(inkInRow, rowMinimum);
  const lineHeight = median(rowRuns.map((run) => run.end - run.start).filter((size) => size >= 3));
  // Print separated by a few blank lines, or a name by a wide gap from its price, is grouped
  // apart but kept when it holds enough ink (see `mainSpan`).
  const rows = mainSpan(rowRuns, Math.max(height * 0.06, 4 * (lineHeight ?? 0)));
  const columnMinimum = Math.max(2, 0.03 * Math.max(...inkInColumn));
  const columns = mainSpan(
    runsOf(inkInColumn, columnMinimum),
    Math.max(width * 0.06, 3 * (lineHeight ?? 0)),
  );
  if (!rows || !columns) return whole;

  // A margin around the print, within the paper: tesseract reads badly at an edge.
  const margin = Math.round(Math.max(8, 0.02 * width));
  const left = Math.max(paper.left, columns.start - margin);
  const top = Math.max(paper.top, rows.start - margin);
  return {
    left,
    top,
    width: Math.min(paper.right, columns.end + margin) - left,
    height: Math.min(paper.bottom, rows.end + margin) - top,
    lineHeight,
  };
}
