/**
 * A JSON schema for the part of the Compose Specification that a CMS stack can reasonably use,
 * written for these tests from the specification's service, healthcheck and depends_on
 * definitions: unknown keys, wrong types, bad durations and bad conditions are rejected, as
 * `docker compose config` would reject them. It checks the interpolated file.
 */
const stringList = { type: 'array', items: { type: 'string' } }
const stringOrList = { oneOf: [{ type: 'string' }, stringList] }
const scalar = { type: ['string', 'number', 'boolean', 'null'] }
const listOrDict = {
  oneOf: [
    { type: 'object', additionalProperties: scalar },
    { type: 'array', items: { type: 'string' }, uniqueItems: true },
  ],
}
const duration = { type: 'string', pattern: '^(\\d+(\\.\\d+)?(us|ms|s|m|h))+$' }
const extensions = { '^x-': {} }

const build = {
  oneOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: {
        context: { type: 'string' },
        dockerfile: { type: 'string' },
        args: listOrDict,
        target: { type: 'string' },
        labels: listOrDict,
        cache_from: stringList,
        cache_to: stringList,
        network: { type: 'string' },
        platforms: stringList,
        tags: stringList,
        secrets: { type: 'array' },
        ssh: listOrDict,
        additional_contexts: listOrDict,
        pull: { type: 'boolean' },
        no_cache: { type: 'boolean' },
      },
      additionalProperties: false,
      patternProperties: extensions,
    },
  ],
}

const port = {
  oneOf: [
    { type: 'number' },
    {
      type: 'string',
      pattern: '^((\\[?[0-9a-fA-F.:]+\\]?):)?(\\d+(-\\d+)?:)?\\d+(-\\d+)?(/(tcp|udp|sctp))?$',
    },
    {
      type: 'object',
      properties: {
        name: { type: 'string' },
        target: { type: ['integer', 'string'] },
        published: { type: ['integer', 'string'] },
        host_ip: { type: 'string' },
        protocol: { type: 'string' },
        app_protocol: { type: 'string' },
        mode: { type: 'string' },
      },
      required: ['target'],
      additionalProperties: false,
      patternProperties: extensions,
    },
  ],
}

const volumeMount = {
  oneOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: {
        type: { enum: ['bind', 'volume', 'tmpfs', 'npipe', 'cluster', 'image'] },
        source: { type: 'string' },
        target: { type: 'string' },
        read_only: { type: 'boolean' },
        consistency: { type: 'string' },
        bind: { type: 'object' },
        volume: { type: 'object' },
        tmpfs: { type: 'object' },
        image: { type: 'object' },
      },
      required: ['type'],
      additionalProperties: false,
      patternProperties: extensions,
    },
  ],
}

const healthcheck = {
  type: 'object',
  properties: {
    disable: { type: 'boolean' },
    test: {
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
    },
    interval: duration,
    timeout: duration,
    start_period: duration,
    start_interval: duration,
    retries: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
  patternProperties: extensions,
}

const dependsOn = {
  oneOf: [
    { type: 'array', items: { type: 'string' }, uniqueItems: true },
    {
      type: 'object',
      additionalProperties: false,
      patternProperties: {
        '^[a-zA-Z0-9._-]+$': {
          type: 'object',
          properties: {
            condition: {
              enum: ['service_started', 'service_healthy', 'service_completed_successfully'],
            },
            restart: { type: 'boolean' },
            required: { type: 'boolean' },
          },
          required: ['condition'],
          additionalProperties: false,
          patternProperties: extensions,
        },
      },
    },
  ],
}

const service = {
  type: 'object',
  properties: {
    build,
    image: { type: 'string' },
    command: stringOrList,
    entrypoint: stringOrList,
    environment: listOrDict,
    env_file: stringOrList,
    ports: { type: 'array', items: port },
    expose: { type: 'array', items: { type: ['string', 'number'] } },
    volumes: { type: 'array', items: volumeMount },
    depends_on: dependsOn,
    healthcheck,
    restart: { type: 'string', pattern: '^(no|always|unless-stopped|on-failure(:\\d+)?)$' },
    init: { type: 'boolean' },
    read_only: { type: 'boolean' },
    tmpfs: stringOrList,
    cap_add: stringList,
    cap_drop: stringList,
    security_opt: stringList,
    hostname: { type: 'string' },
    user: { type: 'string' },
    working_dir: { type: 'string' },
    networks: { oneOf: [stringList, { type: 'object' }] },
    labels: listOrDict,
    deploy: { type: 'object' },
    logging: { type: 'object' },
    profiles: stringList,
    stop_grace_period: duration,
    stop_signal: { type: 'string' },
    container_name: { type: 'string' },
    pull_policy: { enum: ['always', 'never', 'missing', 'build', 'if_not_present'] },
    platform: { type: 'string' },
    mem_limit: { type: ['string', 'integer'] },
    cpus: { type: ['string', 'number'] },
    ulimits: { type: 'object' },
    extra_hosts: { oneOf: [stringList, { type: 'object' }] },
    shm_size: { type: ['string', 'integer'] },
  },
  additionalProperties: false,
  patternProperties: extensions,
}

const namedVolume = {
  oneOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        name: { type: 'string' },
        driver: { type: 'string' },
        driver_opts: { type: 'object' },
        external: { type: 'boolean' },
        labels: listOrDict,
      },
      additionalProperties: false,
      patternProperties: extensions,
    },
  ],
}

export const composeSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
    services: {
      type: 'object',
      patternProperties: { '^[a-zA-Z0-9._-]+$': service },
      additionalProperties: false,
    },
    volumes: {
      type: 'object',
      patternProperties: { '^[a-zA-Z0-9._-]+$': namedVolume },
      additionalProperties: false,
    },
    networks: { type: 'object' },
  },
  required: ['services'],
  additionalProperties: false,
  patternProperties: extensions,
}
