import { percentileText, type ItemAnalysisData } from '@ai-tutor/contract';
import ExcelJS from 'exceljs';
import type { ResultRow, TestResults } from './results.js';

/**
 * The files the console downloads: results as CSV and as an Excel workbook (one sheet of every taker,
 * and one per batch when the takers come from several), item analysis as CSV. A text cell that a
 * spreadsheet would read as a formula (=, +, -, @ first) is written with a leading apostrophe.
 */

type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : safeText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csv = (rows: Cell[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

const resultHeader = (results: TestResults): string[] => [
  'Rank',
  'Name',
  'Email',
  'Batch',
  'Score',
  `Out of`,
  'Percentile',
  ...results.subjects.map((s) => `${s} marks`),
  'Correct',
  'Incorrect',
  'Unattempted',
  'Time (s)',
];

const resultCells = (results: TestResults, r: ResultRow): Cell[] => [
  r.rank,
  r.name,
  r.email,
  r.batches.join('; '),
  r.score,
  results.maxScore,
  Number(percentileText(r.percentile)),
  ...r.subjectMarks,
  r.correct,
  r.incorrect,
  r.unattempted,
  r.seconds,
];

export const resultsCsv = (results: TestResults): string =>
  csv([resultHeader(results), ...results.rows.map((r) => resultCells(results, r))]);

/** An Excel sheet name: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 28) || 'Batch';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function addSheet(workbook: ExcelJS.Workbook, name: string, results: TestResults, rows: ResultRow[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(resultHeader(results)).font = { bold: true };
  for (const r of rows)
    sheet.addRow(resultCells(results, r).map((c) => (typeof c === 'string' ? safeText(c) : c)));
  sheet.columns.forEach((column, i) => {
    column.width = i === 1 || i === 2 ? 28 : i === 3 ? 20 : 12;
  });
}

export async function resultsXlsx(results: TestResults): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'AI Tutor';
  const taken = new Set<string>();
  addSheet(workbook, sheetName('All takers', taken), results, results.rows);
  const batches = [...new Set(results.rows.flatMap((r) => r.batches))].sort();
  if (batches.length > 1)
    for (const batch of batches)
      addSheet(
        workbook,
        sheetName(batch, taken),
        results,
        results.rows.filter((r) => r.batches.includes(batch)),
      );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const share = (x: number | null) => (x === null ? null : Number(x.toFixed(4)));

export function itemAnalysisCsv(data: ItemAnalysisData): string {
  const header = [
    'Number',
    'Question id',
    'Subject',
    'Topic',
    'Type',
    'Question',
    'Key',
    'Takers',
    'Facility p',
    'Partial share',
    'Discrimination D',
    'Point-biserial',
    'Skip rate',
    'Median time (s)',
    'Options (top / bottom)',
    'Open reports',
    'Flags',
  ];
  const rows = [...data.items]
    .sort((a, b) => a.number - b.number)
    .map((i): Cell[] => [
      i.number,
      i.questionId,
      i.subject,
      i.topic,
      i.type,
      i.text,
      i.key,
      i.takers,
      share(i.facility),
      share(i.partialShare),
      share(i.discrimination),
      share(i.pointBiserial),
      share(i.skipRate),
      i.medianSeconds,
      i.options
        .map((o) => `${o.key ? '*' : ''}${o.option}: ${o.top.toFixed(2)} / ${o.bottom.toFixed(2)}`)
        .join(' | '),
      i.openReports,
      i.flags.map((f) => f.message).join(' '),
    ]);
  const t = data.test;
  const summary: Cell[][] = [
    [],
    ['Takers', t.takers],
    ['Mean', t.mean],
    ['SD', t.sd],
    ['SEM', t.sem],
    [t.reliability?.method === 'alpha' ? "Cronbach's alpha" : 'KR-20', t.reliability?.value ?? null],
  ];
  return csv([header, ...rows, ...summary]);
}
