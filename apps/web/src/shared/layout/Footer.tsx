import { useConfig } from '../config/config-context';

/** Learner spec §2: copyright with the current year and the product name. */
export function Footer() {
  const { productName } = useConfig();
  return (
    <footer className="app-footer border-top py-3 mt-auto text-center text-body-secondary small">
      © {new Date().getFullYear()} {productName}
    </footer>
  );
}
