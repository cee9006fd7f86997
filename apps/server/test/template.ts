// vitest globalSetup of the API projects: ONE migrated database per run, which every test file then
// copies instead of creating a cluster and running every migration itself (seconds per file, most of
// a small file's time). PGlite: a dump of the migrated data directory in a temporary file; PostgreSQL:
// a template database on the server of TEST_DATABASE_URL, dropped at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated PGlite data directory (api:pglite). */
    pgliteTemplate: string;
    /** The migrated template database on the PostgreSQL server (api:postgres). */
    postgresTemplate: string;
  }
}

async function pgliteTemplate(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, serverUrl: string) {
  const name = `ledgerdesk_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await handle.migrate();
  } finally {
    // A template is copied only while nobody is connected to it.
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return postgresTemplate(project, serverUrl);
  }
  return pgliteTemplate(project);
}
