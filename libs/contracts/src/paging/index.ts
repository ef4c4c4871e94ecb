export * from './page.dto';
