import { parseArgs } from 'node:util';
import { analyzeAnswer } from '@lumen/domain/analysis/analyze-answer';
import type { AnswerAnalysis, TrackedEntity } from '@lumen/domain/entities/types';
import { type EngineAnswer, EngineError } from '../engine';
import { getEngine, listEngines } from '../registry';
import { openCorpus } from './open-corpus';

const USAGE = `Usage: npm run ask -- "<prompt>" [--engine <id>] [--model <model>] [--json]
       [--brand <name>] [--domain <brand domain>] [--competitor <name>]... [--list]

Engines available now: see --list. Local engines need no key; with DATABASE_URL unset an
embedded Postgres under $DATA_DIR/postgres holds the corpus.`;

interface Options {
  prompt: string;
  engine: string;
  model?: string;
  json: boolean;
  list: boolean;
  entities: TrackedEntity[];
}

function parse(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      engine: { type: 'string', short: 'e', default: 'local' },
      model: { type: 'string', short: 'm' },
      json: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      brand: { type: 'string' },
      domain: { type: 'string', multiple: true },
      competitor: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const entities: TrackedEntity[] = [];
  if (values.brand) {
    entities.push({
      id: 'brand',
      kind: 'brand',
      name: values.brand,
      aliases: [],
      domains: values.domain ?? [],
    });
  }
  (values.competitor ?? []).forEach((name, i) => {
    entities.push({
      id: `competitor-${i + 1}`,
      kind: 'competitor',
      name,
      aliases: [],
      domains: [],
    });
  });
  return {
    prompt: positionals.join(' ').trim(),
    engine: values.engine ?? 'local',
    model: values.model,
    json: values.json ?? false,
    list: values.list ?? false,
    entities,
  };
}

function printAnswer(
  label: string,
  answer: EngineAnswer,
  analysis: AnswerAnalysis,
  options: Options,
) {
  const usage =
    answer.usage?.totalTokens !== undefined ? ` · ${answer.usage.totalTokens} tokens` : '';
  console.log(`${label} · ${answer.servedModel} · ${answer.latencyMs} ms${usage}\n`);
  console.log(answer.text);
  console.log('\nCitations:');
  if (answer.citations.length === 0) console.log('  (none)');
  for (const c of analysis.citations) {
    const title = answer.citations.find((a) => a.url === c.url)?.title;
    console.log(`  ${c.position}. ${c.url}${title ? ` — ${title}` : ''} [${c.owner}]`);
  }
  console.log('\nAnalysis:');
  if (options.entities.length === 0) {
    console.log('  (pass --brand and --competitor to measure mentions, ranks and sentiment)');
  }
  for (const entity of options.entities) {
    const mention = analysis.mentions.find((m) => m.entityId === entity.id);
    console.log(
      mention
        ? `  ${entity.name} (${entity.kind}): rank ${mention.rank}, ${mention.count} mention(s), ${mention.sentimentLabel}`
        : `  ${entity.name} (${entity.kind}): not mentioned`,
    );
  }
  if (analysis.discovered.length > 0) {
    console.log(`  Other brands named: ${analysis.discovered.map((d) => d.name).join(', ')}`);
  }
}

async function main(): Promise<number> {
  const options = parse(process.argv.slice(2));
  if (options.list) {
    for (const e of listEngines(process.env)) {
      console.log(`${e.id.padEnd(18)} ${e.label.padEnd(32)} ${e.provider.padEnd(18)} ${e.model}`);
    }
    return 0;
  }
  if (!options.prompt) {
    console.error(USAGE);
    return 2;
  }
  const needsCorpus = listEngines(process.env).some((e) => e.id === options.engine && e.offline);
  const corpus = needsCorpus ? await openCorpus() : undefined;
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('Interrupted.')));
  try {
    const engine = getEngine(options.engine, { env: process.env, db: corpus?.db });
    const answer = await engine.answer({
      prompt: options.prompt,
      model: options.model,
      signal: controller.signal,
    });
    const analysis = analyzeAnswer(answer, options.entities);
    if (options.json) {
      console.log(JSON.stringify({ engine: engine.id, ...answer, analysis }));
    } else {
      printAnswer(engine.label, answer, analysis, options);
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof EngineError ? error.code : 'ERROR';
    if (options.json) console.log(JSON.stringify({ error: { code, message } }));
    console.error(`Error: ${message}`);
    return 1;
  } finally {
    await corpus?.stop();
  }
}

// An explicit exit: exit hooks installed by dependencies would otherwise turn a failure into 0.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
