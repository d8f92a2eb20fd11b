import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { allRoutes } from '@server/routes/index';
import { openApiDocument, openApiPath } from './openapi';
import { createTestApp, type TestApp } from '../test/app';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is built once for the routes and served the same by every server', async () => {
    const res = await t.api('get', '/openapi.json');
    expect(openApiDocument(allRoutes)).toBe(openApiDocument(allRoutes));
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(allRoutes))));
  });

  it('describes every registered route with the roles allowed', async () => {
    const res = await t.api('get', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of allRoutes) {
      const op = res.body.paths[openApiPath(route.path)]?.[route.method];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(Array.isArray(op['x-roles'])).toBe(true);
      if (route.action !== 'public') {
        expect(op['x-roles'].length).toBeGreaterThan(0);
        expect(op.description).toContain('Roles allowed:');
      }
    }
  });

  it('documents request bodies from the same zod schemas the routes validate with', async () => {
    const res = await t.api('get', '/openapi.json');
    const register = res.body.paths['/api/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password', 'name']));
    expect(schema.properties.role.enum).toEqual(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('documents both statuses of a route whose status varies: a dry run 200, an add 201', async () => {
    const res = await t.api('get', '/openapi.json');
    const add = res.body.paths['/api/scenarios/cuts/{id}/positions/add'].post;
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(add.responses['200'].content).toEqual(add.responses['201'].content);
    const cut = res.body.paths['/api/scenarios/cuts/{id}/positions/cut'].post;
    expect(Object.keys(cut.responses)).not.toContain('201');
  });

  it('serves a browsable reference at /api/docs', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
    const bundle = await fetch(`${t.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });
});
