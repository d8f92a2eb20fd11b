// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { numCol, TableHead, unseen } from '@web/components/table-head';

describe('TableHead', () => {
  it('draws the headings screens used to write out by hand, leaving out null and false', () => {
    const { container } = render(
      <table>
        <TableHead cols={['Line', numCol('Amount'), false, unseen('Actions'), unseen('Edit', 'num'), null]} />
      </table>,
    );
    expect(container.querySelector('thead')?.innerHTML).toBe(
      '<tr><th scope="col">Line</th><th scope="col" class="num">Amount</th>' +
        '<th scope="col"><span class="visually-hidden">Actions</span></th>' +
        '<th scope="col" class="num"><span class="visually-hidden">Edit</span></th></tr>',
    );
  });

  it('puts a style given for the cells on every heading', () => {
    const { container } = render(
      <table>
        <TableHead cellStyle={{ padding: '4px' }} cols={['When', numCol('Rows')]} />
      </table>,
    );
    const styles = [...container.querySelectorAll('th')].map((th) => th.getAttribute('style'));
    expect(styles).toEqual(['padding: 4px;', 'padding: 4px;']);
  });
});
