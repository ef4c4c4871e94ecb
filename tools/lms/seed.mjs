// The platform's fixed roster: two courses (contexts) and their members with stable `sub`s, so
// the tool's tests can name a learner by id. Data, not code: pages, launches and NRPS read it.

const COURSE_OFFERING = 'http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering';

export const COURSES = Object.freeze([
  { id: 'nur-101', label: 'NUR 101', title: 'Pharmacology Math (Fall)', type: [COURSE_OFFERING] },
  { id: 'nur-205', label: 'NUR 205', title: 'Adult Health II', type: [COURSE_OFFERING] },
]);

/** `roles`: context id -> context role name (lti.mjs CONTEXT_ROLE); `institutionRole`: INSTITUTION_ROLE name. */
export const MEMBERS = Object.freeze([
  {
    sub: 'lms-user-instructor-1',
    name: 'Ines Instructor',
    given_name: 'Ines',
    family_name: 'Instructor',
    email: 'ines.instructor@school.test',
    institutionRole: 'Faculty',
    roles: { 'nur-101': 'Instructor', 'nur-205': 'Instructor' },
  },
  {
    sub: 'lms-user-learner-1',
    name: 'Lee Learner',
    given_name: 'Lee',
    family_name: 'Learner',
    email: 'lee.learner@school.test',
    institutionRole: 'Student',
    roles: { 'nur-101': 'Learner' },
  },
  {
    sub: 'lms-user-learner-2',
    name: 'Lara Learner',
    given_name: 'Lara',
    family_name: 'Learner',
    email: 'lara.learner@school.test',
    institutionRole: 'Student',
    roles: { 'nur-101': 'Learner' },
  },
  {
    sub: 'lms-user-learner-3',
    name: 'Sam Student',
    given_name: 'Sam',
    family_name: 'Student',
    email: 'sam.student@school.test',
    institutionRole: 'Student',
    roles: { 'nur-205': 'Learner' },
  },
]);

export const courseById = (id) => COURSES.find((c) => c.id === id);
export const memberBySub = (sub) => MEMBERS.find((m) => m.sub === sub);
/** The members of a course, in roster order. */
export const membersOf = (contextId) => MEMBERS.filter((m) => m.roles[contextId] !== undefined);
