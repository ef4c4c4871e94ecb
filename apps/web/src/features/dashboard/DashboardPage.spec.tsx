import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, fakeSession, renderApp } from '../../test-utils/render-app';

/** The dashboard's section headings (not the welcome modal's), in order. */
function sectionTitles(dashboard: string): (string | null)[] {
  return within(screen.getByRole('region', { name: dashboard }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
}

describe('/dashboard', () => {
  it.each(['math', 'design'])('offers Contact on the %s tab (learner spec §2)', async (tab) => {
    renderApp({ route: `/dashboard?tab=${tab}` });
    expect(await screen.findByRole('button', { name: 'Contact' })).toBeInTheDocument();
  });

  it("reads 'Your Math Dashboard' for ?tab=math and switches to design", async () => {
    renderApp({ route: '/dashboard?tab=math' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Math Dashboard' }),
    ).toBeInTheDocument();
    // learner spec §2 Math tab: Math Products, Purchase Math Products, Tutoring, Alternative
    // Payments, Contact, in this order; issue 29's progress card comes first
    const sections = sectionTitles('Your Math Dashboard');
    expect(sections).toEqual([
      'Your progress',
      'Math Products',
      'Purchase Math Products',
      'Tutoring',
      'Alternative Payments',
      'Contact',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Switch to Design and Droid Dashboard' }),
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Design and Droid Dashboard' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard?tab=design');
    expect(document.title).toBe('Design and Droid Dashboard | TestPrep');
    // learner spec §2 Design tab: design products, then Tutoring, Alternative Payments, Contact
    expect(sectionTitles('Your Design and Droid Dashboard')).toEqual([
      'Design Products',
      'Tutoring',
      'Alternative Payments',
      'Contact',
    ]);
  });

  it("reads 'Your Design and Droid Dashboard' for ?tab=design", async () => {
    renderApp({ route: '/dashboard?tab=design' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Design and Droid Dashboard' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Math Dashboard' }));
    expect(currentLocation()).toBe('/dashboard?tab=math');
  });

  it('puts the default dashboard in the URL when the tab is missing or unknown', async () => {
    renderApp({
      route: '/dashboard?tab=other',
      session: fakeSession({ defaultDashboard: 'design' }),
    });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=design'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Design and Droid Dashboard' }),
    ).toBeInTheDocument();
  });
});
