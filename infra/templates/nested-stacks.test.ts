import { describe, expect, it } from 'vitest';
import type { Template } from './template';
import { flattenNestedStacks, NESTED_STACK_PATH } from './nested-stacks';

const parent: Template = {
  Resources: {
    Table: { Type: 'AWS::DynamoDB::Table' },
    Routes: {
      Type: 'AWS::CloudFormation::Stack',
      Properties: { Parameters: { tableArn: { 'Fn::GetAtt': ['Table', 'Arn'] } } },
      Metadata: { 'aws:cdk:path': 'App/Api/Routes.NestedStack/Routes.NestedStackResource' },
    },
    Alarm: { Type: 'AWS::CloudWatch::Alarm', Properties: { Dimensions: [{ Value: { 'Fn::GetAtt': ['Routes', 'Outputs.FnName'] } }] }, DependsOn: 'Routes' },
  },
  Outputs: { Name: { Value: { 'Fn::GetAtt': ['Routes', 'Outputs.FnName'] } } },
};

const nested: Template = {
  Resources: {
    Role: { Type: 'AWS::IAM::Role', Properties: { Policy: { 'Fn::Sub': '${tableArn}/index/* in ${AWS::Region} for ${Fn.Arn}' } } },
    Fn: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['Role', 'Arn'] }, Table: { Ref: 'tableArn' }, Region: { Ref: 'AWS::Region' } }, DependsOn: ['Role'], Metadata: { 'aws:cdk:path': 'App/Api/Routes/fn/Resource' } },
  },
  Outputs: { FnName: { Value: { Ref: 'Fn' } } },
};

describe('flattenNestedStacks', () => {
  const flat = flattenNestedStacks(parent, (id) => (id === 'Routes' ? nested : undefined));

  it('takes the nested resources in under prefixed ids, and drops the nested stack resource', () => {
    expect(Object.keys(flat.Resources).sort()).toEqual(['Alarm', 'RoutesFn', 'RoutesRole', 'Table']);
    expect(flat.Resources.RoutesFn!.Metadata).toMatchObject({ 'aws:cdk:path': 'App/Api/Routes/fn/Resource', [NESTED_STACK_PATH]: 'App/Api/Routes' });
    expect(flat.Resources.RoutesFn!.DependsOn).toEqual(['RoutesRole']);
  });

  it('replaces parameters by what the parent passes, in Ref and in Fn::Sub, and renames references', () => {
    expect(flat.Resources.RoutesFn!.Properties).toEqual({ Role: { 'Fn::GetAtt': ['RoutesRole', 'Arn'] }, Table: { 'Fn::GetAtt': ['Table', 'Arn'] }, Region: { Ref: 'AWS::Region' } });
    expect(flat.Resources.RoutesRole!.Properties!.Policy).toEqual({
      'Fn::Sub': ['${tableArn}/index/* in ${AWS::Region} for ${RoutesFn.Arn}', { tableArn: { 'Fn::GetAtt': ['Table', 'Arn'] } }],
    });
  });

  it("replaces the parent's reads of nested outputs, and a dependency on the nested stack by its resources", () => {
    expect(flat.Resources.Alarm!.Properties).toEqual({ Dimensions: [{ Value: { Ref: 'RoutesFn' } }] });
    expect(flat.Resources.Alarm!.DependsOn).toEqual(['RoutesRole', 'RoutesFn']);
    expect(flat.Outputs!.Name!.Value).toEqual({ Ref: 'RoutesFn' });
  });

  it('refuses an output the nested stack does not have', () => {
    const broken = structuredClone(parent);
    broken.Outputs = { Name: { Value: { 'Fn::GetAtt': ['Routes', 'Outputs.Missing'] } } };
    expect(() => flattenNestedStacks(broken, () => nested)).toThrow(/has no output Missing/);
  });
});
