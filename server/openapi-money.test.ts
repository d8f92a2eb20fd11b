import { describe, expect, it } from 'vitest';
import { allRoutes } from '@server/routes/index';
import { buildOpenApi } from './openapi';
import { MONEY_REF, moneyFieldsOutsideMoney, type Json } from '../test/openapi-money';

/*
 * Money has one JSON type across the API. Every response field named like an
 * amount of money must be the `Money` component (shared/schemas/common.ts `moneyOut`), so a new
 * field written as z.number() or as decimal text fails here instead of reaching a client as a
 * second encoding.
 */

describe('money in the OpenAPI document', () => {
  const doc = buildOpenApi(allRoutes) as Json;

  it('names one Money component and describes its encoding', () => {
    const money = doc.components.schemas.Money;
    expect(money.type).toBe('number');
    expect(money.description).toMatch(/JSON number with at most 2 decimals/);
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('every money-named response field is a Money', () => {
    const references = JSON.stringify(doc.paths).split(`"${MONEY_REF}"`).length - 1;
    expect(references).toBeGreaterThan(100);
    expect(moneyFieldsOutsideMoney(doc)).toEqual([]);
  });

  it("an import's reconciliation sends the amounts it stored as Money, the file's own as FileDecimal", () => {
    // storedAmount and storedSum were once decimal text like the file's figures.
    const path = Object.keys(doc.paths).find((p) => p.endsWith('/import/execute'))!;
    const r =
      doc.paths[path].post.responses['200'].content['application/json'].schema.properties.reconciliation;
    expect(r.properties.storedSum.$ref).toBe(MONEY_REF);
    expect(r.properties.differences.items.properties.storedAmount.$ref).toBe(MONEY_REF);
    expect(r.properties.fileSum.$ref).toBe('#/components/schemas/FileDecimal');
  });

  it('the check finds a money field written another way (probe)', () => {
    const probe = {
      paths: {
        '/probe': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        targetAmount: { type: 'string' },
                        rows: { type: 'array', items: { properties: { districtNeed: { type: 'number' } } } },
                        fine: { anyOf: [{ $ref: MONEY_REF }, { type: 'null' }] },
                        fileAmount: { $ref: '#/components/schemas/FileDecimal' },
                        lineCount: { type: 'integer' },
                        variancePercent: { type: 'number' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(moneyFieldsOutsideMoney(probe).map((w) => w.split(':')[0])).toEqual([
      'GET /probe 200.targetAmount',
      'GET /probe 200.rows[].districtNeed',
      // A file's exact digits are quoted only by the import reconciliation.
      'GET /probe 200.fileAmount',
    ]);
  });
});
