import { fireEvent, render, screen } from '@testing-library/react';
import Form from 'react-bootstrap/Form';
import { FilterField, FilterForm } from './FilterForm';

function renderForm() {
  return render(
    <FilterForm id="thing-filters" heading="Filter things">
      <FilterField controlId="thing-filter-name" label="Name" col={{ xs: 12, lg: 3 }}>
        <Form.Control type="search" size="sm" defaultValue="" />
      </FilterField>
      <FilterField
        controlId="thing-filter-later"
        label="Later"
        col={{ xs: 6, md: 'auto' }}
        title="Comes later"
      >
        <Form.Select size="sm" disabled>
          <option>All</option>
        </Form.Select>
      </FilterField>
    </FilterForm>,
  );
}

describe('FilterForm', () => {
  it('is a search landmark named by its visually hidden heading', () => {
    renderForm();
    const form = screen.getByRole('search', { name: 'Filter things' });
    const heading = screen.getByRole('heading', { level: 2, name: 'Filter things' });
    expect(heading).toHaveAttribute('id', 'thing-filters-title');
    expect(heading).toHaveClass('visually-hidden');
    expect(form).toHaveClass('mb-3');
    expect(form.querySelector(':scope > .row')).toHaveClass('g-2', 'align-items-end');
  });

  it('labels each field and lays it out in its column widths', () => {
    renderForm();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('id', 'thing-filter-name');
    expect(screen.getByText('Name')).toHaveClass('small', 'mb-1');
    expect(name.closest('.col-12')).toHaveClass('col-lg-3');
    const later = screen.getByLabelText('Later');
    expect(later.closest('.col-6')).toHaveClass('col-md-auto');
    expect(later.parentElement).toHaveAttribute('title', 'Comes later');
    expect(name.parentElement).not.toHaveAttribute('title');
  });

  it('does not submit (filters apply as they change)', () => {
    renderForm();
    const form = screen.getByRole('search');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(form, submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
