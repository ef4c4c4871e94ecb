import { isMongoUri } from './is-mongo-uri';

describe('isMongoUri', () => {
  it.each([
    'mongodb://127.0.0.1:27017/announcements',
    'mongodb://localhost/announcements',
    'mongodb://user:p%40ss@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/announcements?replicaSet=rs0&authSource=admin',
    'mongodb+srv://user:pw@cluster0.example.net/announcements?retryWrites=true',
    'mongodb://[::1]:27017/db',
  ])('accepts %s', (uri) => expect(isMongoUri(uri)).toBe(true));

  it.each([
    'http://localhost/db',
    'mongodb://',
    'mongodb+srv://a.example,b.example/db',
    'mongodb://host:27017 /db',
    'mongodb://ho$t/db',
    '',
    42,
  ])('refuses %p', (uri) => expect(isMongoUri(uri)).toBe(false));
});
