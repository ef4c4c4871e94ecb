import { contextRole, teaches } from './claims';

describe('context roles', () => {
  it.each([
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor', 'Instructor'],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'Learner'],
    [
      'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
      'Instructor',
    ],
    ['Learner', 'Learner'],
    ['http://purl.imsglobal.org/vocab/institution/person#Faculty', null],
    ['http://purl.imsglobal.org/vocab/lis/v2/membership#', null],
  ])('%s is %p', (role, name) => {
    expect(contextRole(role)).toBe(name);
  });

  it('teaching roles: instructor, administrator, content developer, mentor', () => {
    for (const name of ['Instructor', 'Administrator', 'ContentDeveloper', 'Mentor']) {
      expect(teaches([`http://purl.imsglobal.org/vocab/lis/v2/membership#${name}`])).toBe(true);
    }
    expect(teaches(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'])).toBe(false);
    expect(teaches([])).toBe(false);
  });
});
