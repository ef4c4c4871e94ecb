import { type Db, MongoClient } from 'mongodb';
import { infraConfig, type InfraProfile } from './config';

/**
 * Runs `read` with one service's database of the profile, for a test that must see what no API
 * shows (an order's id behind a Checkout Session, say), and closes the connection after.
 */
export async function withDatabase<T>(
  dbName: string,
  read: (db: Db) => Promise<T>,
  profile: InfraProfile = 'test',
): Promise<T> {
  const client = await MongoClient.connect(infraConfig(profile).mongoUrl());
  try {
    return await read(client.db(dbName));
  } finally {
    await client.close();
  }
}
