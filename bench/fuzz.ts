/**
 * Long fuzz run: Gateway API input generated from the v1.7.0 CRD schemas (test/fuzz), valid-ish
 * and hostile, through parse/validation/defaults, translate (twice, compared), translateXds and
 * encoding; every xDS output, up to a budget, is put to `envoy --mode validate`. Reports how many
 * cases ran and what was found: exceptions (bugs), Envoy rejections (bugs), grouped.
 * Bounded by case count and time: PIER_BENCH_FUZZ_CASES (default 6000), PIER_BENCH_FUZZ_SECONDS
 * (default 300), PIER_BENCH_FUZZ_ENVOY (Envoy validations, default 150), PIER_BENCH_FUZZ_SEED.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findEnvoy } from '../src/infra/host/envoy-binary';
import { gatewayApiInput } from '../test/fuzz/gateway-api';
import { envoyAccepts } from '../test/fuzz/envoy-check';
import { createFuzzCertificates, manifestText, runPipeline } from '../test/fuzz/pipeline';
import type { XdsResources } from '../src/xds/types';

interface Finding {
  count: number;
  example: string;
}

function record(findings: Map<string, Finding>, key: string, example: () => string): void {
  const f = findings.get(key);
  if (f) f.count += 1;
  else findings.set(key, { count: 1, example: example() });
}

function firstLines(text: string, n: number): string {
  return text.split('\n').filter((l) => l.trim()).slice(0, n).join(' | ');
}

export async function runFuzzBench(): Promise<void> {
  const maxCases = Number(process.env.PIER_BENCH_FUZZ_CASES ?? 6000);
  const seconds = Number(process.env.PIER_BENCH_FUZZ_SECONDS ?? 300);
  const envoyBudget = Number(process.env.PIER_BENCH_FUZZ_ENVOY ?? 150);
  const seed = Number(process.env.PIER_BENCH_FUZZ_SEED ?? 20261123);
  const envoy = findEnvoy(process.env.PIER_ENVOY_BIN);
  const certs = await createFuzzCertificates();
  const deadline = Date.now() + seconds * 1000;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-bench-fuzz-'));
  const exceptions = new Map<string, Finding>();
  const rejections = new Map<string, Finding>();
  const totals = { cases: 0, hostile: 0, withXds: 0, resources: 0, inputErrors: 0, envoyChecked: 0, envoyAccepted: 0 };
  const toValidate: { xds: XdsResources; input: string }[] = [];

  try {
    for (const hostile of [false, true]) {
      const runs = Math.floor(maxCases / 2);
      fc.check(fc.property(gatewayApiInput(certs, { hostile }), (objects) => {
        if (Date.now() > deadline) return true;
        totals.cases += 1;
        if (hostile) totals.hostile += 1;
        try {
          const out = runPipeline(objects);
          totals.inputErrors += out.inputErrors;
          totals.resources += out.resources;
          if (out.resources > 0) totals.withXds += 1;
          for (const xds of out.xds.values()) {
            if (toValidate.length < envoyBudget && xds.listeners.length > 0) toValidate.push({ xds, input: manifestText(objects) });
          }
        } catch (err) {
          const e = err as Error;
          const at = (e.stack ?? '').split('\n').find((l) => l.includes('/src/')) ?? '';
          record(exceptions, `${e.message} ${at.trim()}`, () => manifestText(objects));
        }
        return true;
      }), { numRuns: runs, seed: seed + (hostile ? 1 : 0), endOnFailure: true });
    }
    if (envoy) {
      for (const [i, { xds, input }] of toValidate.entries()) {
        if (Date.now() > deadline + 120_000) break; // the Envoy checks get two minutes past the budget at most
        totals.envoyChecked += 1;
        const verdict = await envoyAccepts(envoy, xds, dir, `case-${i}`);
        if (verdict.accepted) totals.envoyAccepted += 1;
        else record(rejections, firstLines(verdict.output.replace(/\[[^\]]*\]\[[^\]]*\]\[[^\]]*\]/g, ''), 2).slice(0, 300), () => input);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const out = process.stdout;
  out.write(`fuzz: seed ${seed}, ${totals.cases} cases (${totals.cases - totals.hostile} adjusted to the CRDs' cross-field rules, ${totals.hostile} hostile)\n`);
  out.write(`  ${totals.withXds} produced xDS (${totals.resources} resources encoded); ${totals.inputErrors} input problems reported\n`);
  out.write(`  exceptions (translation or encoding threw): ${[...exceptions.values()].reduce((n, f) => n + f.count, 0)} in ${exceptions.size} kinds\n`);
  for (const [k, f] of exceptions) out.write(`    ${f.count} x ${k}\n      input:\n${f.example.split('\n').map((l) => `        ${l}`).join('\n')}\n`);
  if (envoy) {
    out.write(`  envoy --mode validate: ${totals.envoyAccepted}/${totals.envoyChecked} Gateways accepted\n`);
    for (const [k, f] of rejections) out.write(`    ${f.count} x rejected: ${k}\n      input:\n${f.example.split('\n').map((l) => `        ${l}`).join('\n')}\n`);
  } else {
    out.write('  envoy not found: the xDS produced was not put to envoy --mode validate\n');
  }
}
