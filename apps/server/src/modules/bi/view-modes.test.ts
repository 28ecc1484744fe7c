import { describe, expect, it } from 'vitest';
import { reportItemListSchema } from '@portal/contract';
import { BI_ITEM_TYPES, BI_VIEW_MODES } from '../../integrations/bi/view-modes';
import { stableGuid } from '../../simulators/bi/catalog';
import { useTestApp } from '../../test/use-test-app';
import { api } from '../../test/http';
import { nsbiCustomer } from '../../test/nsbi';

describe('report view modes (docs/product.md §1)', () => {
  // A BI project with one item of each kind the BI server has.
  const items = BI_ITEM_TYPES.map((type) => ({ name: `${type} view`, type }));
  const t = useTestApp(
    {},
    { simulators: { bi: { projects: [{ name: 'All Kinds', folders: [], rootItems: items }] } } },
  );

  it('lists each kind and opens it under its own path, where the BI server draws it', async () => {
    expect(Object.values(BI_VIEW_MODES).map((v) => v.mode)).toEqual([
      'dashboard',
      'expressview',
      'advanced',
      'crosstab',
      'chained',
    ]);
    const { tokens } = await nsbiCustomer(t, { project: stableGuid('project', 'All Kinds') });
    const http = api(t);
    const list = reportItemListSchema.parse(
      (await http.get('dundas-bi/project/project-items', { headers: tokens.headers })).json().data,
    );
    expect(list.map((i) => i.type).sort()).toEqual(BI_ITEM_TYPES.map((type) => type.toLowerCase()).sort());

    for (const type of BI_ITEM_TYPES) {
      const item = list.find((i) => i.name === `${type} view`)!;
      const res = await http.get(`dundas-bi/log-on/token?item=${item.id}`, { headers: tokens.headers });
      expect(res.statusCode, type).toBe(200);
      const url: string = res.json().data.url;
      expect(url).toContain(`/${BI_VIEW_MODES[type].path}/${item.id}?`);
      const page = await fetch(url);
      expect(page.status, type).toBe(200);
      expect(await page.text()).toContain(`<h1>${type} view</h1>`);
    }
  });
});
