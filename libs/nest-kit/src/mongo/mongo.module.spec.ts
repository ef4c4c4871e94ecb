import mongoose from 'mongoose';
import { MongoModule } from './mongo.module';

describe('MongoModule', () => {
  it('turns off the stack mongoose keeps of every query (costly with source maps)', () => {
    mongoose.set('skipOriginalStackTraces', false);
    MongoModule.forRoot('mongodb://127.0.0.1:1/none');
    expect(mongoose.get('skipOriginalStackTraces')).toBe(true);
  });
});
