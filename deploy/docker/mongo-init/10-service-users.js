// docker-compose only: runs once, on the first start of an empty mongo volume
// (/docker-entrypoint-initdb.d, executed by mongosh as the root user).
//
// One database and one user per service (DESIGN.md §1): a service's credentials can read and
// write its own database and nothing else. The connection string of service <name> is
//   mongodb://<name>:<password>@mongo:27017/<name>        (authSource = <name>, the default)
// Password: MONGO_SERVICE_PASSWORD (dev default below; compose passes the same value to the apps).
const password = process.env.MONGO_SERVICE_PASSWORD || 'examprep-dev';
// The services that exist (ServiceNames in libs/contracts/src/subjects.ts): a new service adds
// itself here when it lands (an existing volume needs its user made by hand, or a fresh volume).
const services = ['announcements', 'catalog', 'identity', 'media', 'qbank', 'schools', 'testing'];

for (const name of services) {
  const database = db.getSiblingDB(name);
  if (database.getUser(name)) {
    print(`mongo-init: user ${name} exists`);
    continue;
  }
  database.createUser({ user: name, pwd: password, roles: [{ role: 'readWrite', db: name }] });
  print(`mongo-init: created database user ${name} (readWrite on ${name})`);
}
