// CI helper: check that a PostgreSQL server answers, create or drop a database (no psql needed).
import pg from 'pg';

const [command, url, name] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  if (command === 'create') {
    await client.query(`CREATE DATABASE "${name}"`);
  } else if (command === 'drop') {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  await client.end();
} catch (err) {
  if (command !== 'check') {
    console.error(err.message);
  }
  process.exit(1);
}
