import { generate, generatorKeys, isPumpTopic, topicPlace } from './registry';

describe('topicPlace', () => {
  it('names the course and objective every generated item of the topic carries', () => {
    for (const key of generatorKeys()) {
      const item = generate(key, 7);
      expect(topicPlace(key)).toEqual({
        course: item.course,
        objective: item.objective,
        name: expect.any(String),
        pump: isPumpTopic(key),
      });
    }
  });

  it('is null for a key without a generator', () => {
    expect(topicPlace('teas_scientific_notation')).toBeNull();
    expect(topicPlace('nope')).toBeNull();
  });
});
