import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

/**
 * The district's own name in every signed-in screen's header: GET /budget-years, which every
 * signed-in page loads, carries the name saved in the public dashboard's settings (where Setup and
 * `budget-cli setup --district-name` keep it), for every role; null before one is saved, so the
 * web app says 'School district' rather than the demo's name.
 */

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);

const nameSeenBy = async (token: string) => {
  const res = await t.api('get', '/budget-years', { token });
  expect(res.status).toBe(200);
  return res.body.districtName as string | null;
};
const everyRole = () => Promise.all([admin, finance, viewer].map((u) => nameSeenBy(u.token)));

async function saveName(schoolName: string) {
  const id = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  const res = await t.api('patch', `/public-dashboard/config/${id}`, {
    token: admin.token,
    body: { schoolName },
  });
  expect(res.status).toBe(200);
}

describe('the district name in the budget-years list', () => {
  it('is null for every role before the district has saved one (even once the settings exist)', async () => {
    expect(await everyRole()).toEqual([null, null, null]);
    await t.api('get', '/public-dashboard/config', { token: admin.token }); // makes the default settings
    expect(await everyRole()).toEqual([null, null, null]);
  });

  it('is the name an admin saves, for ADMIN, FINANCE and VIEW_ONLY alike, and follows a rename', async () => {
    await saveName('Lunenburg Public Schools');
    expect(await everyRole()).toEqual(Array(3).fill('Lunenburg Public Schools'));
    await saveName('Lunenburg Public Schools District');
    expect(await everyRole()).toEqual(Array(3).fill('Lunenburg Public Schools District'));
  });

  it('is what the setup status reports as the district step', async () => {
    const step = (await t.api('get', '/setup', { token: admin.token })).body.steps[0];
    expect(step).toMatchObject({ key: 'district', done: true });
    expect(step.summary).toMatch(/^Lunenburg Public Schools District, /);
  });

  it('is not given without a session', async () => {
    expect((await t.api('get', '/budget-years')).status).toBe(401);
  });
});
