/** Keycloak's identity provider of LMS launches (deploy/keycloak/realm, ADR 0040). */
export const SCHOOL_IDP = 'lti';
