import { screen, within } from '@testing-library/react';
import { catalogProduct, product } from '../../test-utils/products';
import { renderApp } from '../../test-utils/render-app';
import { ProductCard, ProductGrid } from './ProductCard';

function card(name: string) {
  return within(screen.getByRole('article', { name }));
}

describe('ProductCard (learner spec §2 product cards)', () => {
  it('shows name, description and one Access Now per include of an owned product', () => {
    const qbank = catalogProduct('teas_math_qbank');
    renderApp({}, <ProductCard product={qbank} purchases={{ teas_math_qbank: true }} />);
    const c = card('TEAS Math QBank');
    expect(c.getByText('teas_math_qbank description')).toBeInTheDocument();
    expect(c.getByText('Owned')).toBeInTheDocument();
    // test includes start a test (StartTestButton.spec: the flow itself)
    expect(
      c.getByRole('button', { name: 'Access Now: TEAS Math QBank: Check As You Go' }),
    ).toHaveTextContent('Access Now');
    expect(c.getByRole('button', { name: 'Access Now: TEAS Math Practice Test' })).toBeEnabled();
    expect(
      c.queryByText('Purchase this product to access its features and content.'),
    ).not.toBeInTheDocument();
  });

  it("an unowned paid product: grey disabled 'Purchase Required' buttons and the reason", () => {
    renderApp({}, <ProductCard product={catalogProduct('teas_math_qbank')} purchases={{}} />);
    const c = card('TEAS Math QBank');
    const buttons = c.getAllByRole('button', { name: /^Purchase Required/ });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveClass('btn-secondary');
      expect(button).toHaveAccessibleDescription(
        'Purchase this product to access its features and content.',
      );
    }
    expect(c.getByText('$20')).toBeInTheDocument();
    expect(c.queryByRole('link', { name: /Access Now/ })).not.toBeInTheDocument();
    expect(c.queryByRole('button', { name: /Access Now/ })).not.toBeInTheDocument();
  });

  it('the Med Dosage simulation include is a Preview of /simulations when not owned', () => {
    renderApp({}, <ProductCard product={catalogProduct('med_dosage_qbank')} purchases={{}} />);
    const c = card('Med Dosage QBank');
    expect(c.getByRole('link', { name: 'Preview: IV Pump Simulations' })).toHaveAttribute(
      'href',
      '/simulations',
    );
    expect(c.getByRole('button', { name: /^Purchase Required/ })).toBeDisabled();
  });

  it('and Access Now to /simulations when owned', () => {
    renderApp(
      {},
      <ProductCard
        product={catalogProduct('med_dosage_qbank')}
        purchases={{ med_dosage_qbank: 1 }}
      />,
    );
    expect(
      card('Med Dosage QBank').getByRole('link', { name: 'Access Now: IV Pump Simulations' }),
    ).toHaveAttribute('href', '/simulations');
  });

  it('free products are open to everyone; a download include offers Download', () => {
    renderApp(
      {},
      <ProductCard product={catalogProduct('med_dosage_conversions')} purchases={{}} />,
    );
    const c = card('Med Dosage Conversions');
    expect(c.getByText('Free')).toBeInTheDocument();
    expect(
      c.getByRole('button', { name: 'Access Now: Med Dosage Conversions Test' }),
    ).toBeVisible();
    expect(c.getByRole('button', { name: 'Download: Conversion Chart (PDF)' })).toBeEnabled();
    // the media capability is here: no 'arrives with' note (DownloadButton.spec: the download)
    expect(c.queryByText(/arrives with the media capability/)).not.toBeInTheDocument();
  });

  it("an include whose online path is not built says 'Online access for {category} will be implemented next!'", () => {
    const odd = product({
      id: 'odd',
      name: 'Odd PDF',
      price: 0,
      category: 'pdf',
      includes: [{ id: 'odd', name: 'Odd', kind: 'test', mode: null }],
    });
    renderApp({}, <ProductCard product={odd} purchases={{}} />);
    expect(
      card('Odd PDF').getByText('Online access for pdf will be implemented next!'),
    ).toBeInTheDocument();
  });
});

describe('ProductGrid', () => {
  it('says so when a section has no products', () => {
    renderApp({}, <ProductGrid products={[]} purchases={{}} />);
    expect(
      screen.getByText('No products are available here yet. Please check back soon.'),
    ).toBeInTheDocument();
  });
});
