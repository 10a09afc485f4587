/**
 * Parsers for TREC qrels (`qid 0 docid rel`) and run files (`qid Q0 docid rank score tag`),
 * tab- or space-separated, as used by the Qur'an QA 2023 shared task.
 */

/** qid → (docid → relevance), in file order. */
export type Qrels = ReadonlyMap<string, ReadonlyMap<string, number>>;
/** qid → docids best first (already ordered as trec_eval would order them). */
export type Run = ReadonlyMap<string, readonly string[]>;

function rows(text: string, columns: number, what: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ cells: line.trim().split(/[\t ]+/), line: i + 1, blank: line.trim() === '' }))
    .filter((r) => !r.blank)
    .map((r) => {
      if (r.cells.length !== columns) {
        throw new Error(`${what} line ${r.line} has ${r.cells.length} columns, expected ${columns}; is this a TREC ${what} file?`);
      }
      return r.cells;
    });
}

export function parseTrecQrels(text: string): Qrels {
  const qrels = new Map<string, Map<string, number>>();
  for (const [qid, , docid, rel] of rows(text, 4, 'qrels')) {
    const relevance = Number(rel);
    if (!Number.isFinite(relevance)) throw new Error(`qrels relevance "${rel}" for question ${qid} is not a number`);
    let docs = qrels.get(qid!);
    if (!docs) qrels.set(qid!, (docs = new Map()));
    docs.set(docid!, relevance);
  }
  return qrels;
}

/**
 * Parse a run and order each question's documents the way trec_eval does: by score
 * descending, ties broken by docid in DESCENDING string order; the rank column is ignored.
 * Duplicate (qid, docid) pairs are rejected, as the official submission checker does.
 */
export function parseTrecRun(text: string): Run {
  const byQuestion = new Map<string, { docid: string; score: number }[]>();
  for (const [qid, , docid, , score] of rows(text, 6, 'run')) {
    const value = Number(score);
    if (!Number.isFinite(value)) throw new Error(`run score "${score}" for question ${qid} is not a number`);
    let docs = byQuestion.get(qid!);
    if (!docs) byQuestion.set(qid!, (docs = []));
    if (docs.some((d) => d.docid === docid)) {
      throw new Error(`run lists passage ${docid} twice for question ${qid}; each (question, passage) pair may appear once`);
    }
    docs.push({ docid: docid!, score: value });
  }
  const run = new Map<string, string[]>();
  for (const [qid, docs] of byQuestion) {
    docs.sort((a, b) => b.score - a.score || (a.docid < b.docid ? 1 : a.docid > b.docid ? -1 : 0));
    run.set(
      qid,
      docs.map((d) => d.docid),
    );
  }
  return run;
}

/** Write a run in the TREC format the official tools read (scores strictly decreasing). */
export function formatTrecRun(run: Run, tag: string): string {
  const lines: string[] = [];
  for (const [qid, docs] of run) {
    docs.forEach((docid, i) => lines.push([qid, 'Q0', docid, String(i + 1), String(docs.length - i), tag].join('\t')));
  }
  return lines.join('\n') + '\n';
}
