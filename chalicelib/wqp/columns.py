"""The Water Quality Portal's column lists, per service and data profile, in WQP's order.

The legacy (WQX 2) lists are the headers of the real WQP files in devtools/demo/wqp/; the WQX 3.0 lists
are taken from the WQX 3.0 result file, whose columns name the same things as the legacy ones (WQX3_FROM
says which). A record (service.py) holds the legacy names, and WQX 3.0's own for what no legacy column
holds (the place names); a WQX 3.0 row reads them through WQX3_FROM.
Columns this product keeps nothing for are answered empty, as WQP answers columns a provider left empty.
"""
from __future__ import annotations

# Station (monitoring location) profile: devtools/demo/wqp/wqp_sites.csv's header.
STATION = (
    "OrganizationIdentifier", "OrganizationFormalName", "MonitoringLocationIdentifier", "MonitoringLocationName",
    "MonitoringLocationTypeName", "MonitoringLocationDescriptionText", "HUCEightDigitCode",
    "DrainageAreaMeasure/MeasureValue", "DrainageAreaMeasure/MeasureUnitCode",
    "ContributingDrainageAreaMeasure/MeasureValue", "ContributingDrainageAreaMeasure/MeasureUnitCode",
    "LatitudeMeasure", "LongitudeMeasure", "SourceMapScaleNumeric", "HorizontalAccuracyMeasure/MeasureValue",
    "HorizontalAccuracyMeasure/MeasureUnitCode", "HorizontalCollectionMethodName",
    "HorizontalCoordinateReferenceSystemDatumName", "VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode",
    "VerticalAccuracyMeasure/MeasureValue", "VerticalAccuracyMeasure/MeasureUnitCode", "VerticalCollectionMethodName",
    "VerticalCoordinateReferenceSystemDatumName", "CountryCode", "StateCode", "CountyCode", "AquiferName",
    "FormationTypeText", "AquiferTypeName", "ConstructionDateText", "WellDepthMeasure/MeasureValue",
    "WellDepthMeasure/MeasureUnitCode", "WellHoleDepthMeasure/MeasureValue", "WellHoleDepthMeasure/MeasureUnitCode",
    "ProviderName",
)


# Result, resultPhysChem (the default): devtools/demo/wqp/wqp_results.csv's header.
RESULT_PHYS_CHEM = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "ActivityTypeCode", "ActivityMediaName",
    "ActivityMediaSubdivisionName", "ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode",
    "ActivityEndDate", "ActivityEndTime/Time", "ActivityEndTime/TimeZoneCode",
    "ActivityDepthHeightMeasure/MeasureValue", "ActivityDepthHeightMeasure/MeasureUnitCode",
    "ActivityDepthAltitudeReferencePointText", "ActivityTopDepthHeightMeasure/MeasureValue",
    "ActivityTopDepthHeightMeasure/MeasureUnitCode", "ActivityBottomDepthHeightMeasure/MeasureValue",
    "ActivityBottomDepthHeightMeasure/MeasureUnitCode", "ProjectIdentifier", "ActivityConductingOrganizationText",
    "MonitoringLocationIdentifier", "ActivityCommentText", "SampleAquifer", "HydrologicCondition", "HydrologicEvent",
    "SampleCollectionMethod/MethodIdentifier", "SampleCollectionMethod/MethodIdentifierContext",
    "SampleCollectionMethod/MethodName", "SampleCollectionEquipmentName", "ResultDetectionConditionText",
    "CharacteristicName", "ResultSampleFractionText", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode",
    "MeasureQualifierCode", "ResultStatusIdentifier", "StatisticalBaseCode", "ResultValueTypeName",
    "ResultWeightBasisText", "ResultTimeBasisText", "ResultTemperatureBasisText", "ResultParticleSizeBasisText",
    "PrecisionValue", "ResultCommentText", "USGSPCode", "ResultDepthHeightMeasure/MeasureValue",
    "ResultDepthHeightMeasure/MeasureUnitCode", "ResultDepthAltitudeReferencePointText", "SubjectTaxonomicName",
    "SampleTissueAnatomyName", "ResultAnalyticalMethod/MethodIdentifier",
    "ResultAnalyticalMethod/MethodIdentifierContext", "ResultAnalyticalMethod/MethodName", "MethodDescriptionText",
    "LaboratoryName", "AnalysisStartDate", "ResultLaboratoryCommentText", "DetectionQuantitationLimitTypeName",
    "DetectionQuantitationLimitMeasure/MeasureValue", "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    "PreparationStartDate", "ProviderName",
)


# Result, narrowResult: the result columns without the activity's details.
NARROW_RESULT = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "ActivityStartDate",
    "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode", "MonitoringLocationIdentifier", "ResultIdentifier",
    "DataLoggerLine", "ResultDetectionConditionText", "MethodSpecificationName", "CharacteristicName",
    "ResultSampleFractionText", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode", "MeasureQualifierCode",
    "ResultStatusIdentifier", "StatisticalBaseCode", "ResultValueTypeName", "ResultWeightBasisText",
    "ResultTimeBasisText", "ResultTemperatureBasisText", "ResultParticleSizeBasisText", "PrecisionValue",
    "ResultCommentText", "USGSPCode", "ResultDepthHeightMeasure/MeasureValue",
    "ResultDepthHeightMeasure/MeasureUnitCode", "ResultDepthAltitudeReferencePointText", "SubjectTaxonomicName",
    "SampleTissueAnatomyName", "ResultAnalyticalMethod/MethodIdentifier",
    "ResultAnalyticalMethod/MethodIdentifierContext", "ResultAnalyticalMethod/MethodName", "MethodDescriptionText",
    "LaboratoryName", "AnalysisStartDate", "AnalysisStartTime/Time", "AnalysisStartTime/TimeZoneCode",
    "ResultLaboratoryCommentText", "DetectionQuantitationLimitTypeName",
    "DetectionQuantitationLimitMeasure/MeasureValue", "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    "PreparationStartDate", "ProviderName",
)


# Result, biological: resultPhysChem with the taxonomic columns after SampleTissueAnatomyName.
_TAXONOMIC = (
    "BiologicalIntentName", "BiologicalIndividualIdentifier", "UnidentifiedSpeciesIdentifier",
    "GroupSummaryCountWeight/MeasureValue", "GroupSummaryCountWeight/MeasureUnitCode", "CellFormName",
    "CellShapeName", "HabitName", "VoltismName", "TaxonomicPollutionTolerance",
    "TaxonomicPollutionToleranceScaleText", "TrophicLevelName", "FunctionalFeedingGroupName",
    "FrequencyClassDescriptorCode", "FrequencyClassDescriptorUnitCode", "LowerClassBoundValue",
    "UpperClassBoundValue",
)
_AFTER_TISSUE = RESULT_PHYS_CHEM.index("SampleTissueAnatomyName") + 1
BIOLOGICAL = RESULT_PHYS_CHEM[:_AFTER_TISSUE] + _TAXONOMIC + RESULT_PHYS_CHEM[_AFTER_TISSUE:]


# Activity: devtools/demo/wqp/wqp_activities.csv's header.
ACTIVITY = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "ActivityTypeCode", "ActivityMediaName",
    "ActivityMediaSubdivisionName", "ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode",
    "ActivityEndDate", "ActivityEndTime/Time", "ActivityEndTime/TimeZoneCode", "ActivityRelativeDepthName",
    "ActivityDepthHeightMeasure/MeasureValue", "ActivityDepthHeightMeasure/MeasureUnitCode",
    "ActivityDepthAltitudeReferencePointText", "ActivityTopDepthHeightMeasure/MeasureValue",
    "ActivityTopDepthHeightMeasure/MeasureUnitCode", "ActivityBottomDepthHeightMeasure/MeasureValue",
    "ActivityBottomDepthHeightMeasure/MeasureUnitCode", "ProjectIdentifier", "ActivityConductingOrganizationText",
    "MonitoringLocationIdentifier", "ActivityCommentText", "SampleAquifer", "HydrologicCondition", "HydrologicEvent",
    "ActivityLocation/LatitudeMeasure", "ActivityLocation/LongitudeMeasure", "ActivityLocation/SourceMapScaleNumeric",
    "ActivityLocation/HorizontalAccuracyMeasure/MeasureValue",
    "ActivityLocation/HorizontalAccuracyMeasure/MeasureUnitCode", "ActivityLocation/HorizontalCollectionMethodName",
    "ActivityLocation/HorizontalCoordinateReferenceSystemDatumName", "AssemblageSampledName",
    "CollectionDuration/MeasureValue", "CollectionDuration/MeasureUnitCode", "SamplingComponentName",
    "SamplingComponentPlaceInSeriesNumeric", "ReachLengthMeasure/MeasureValue", "ReachLengthMeasure/MeasureUnitCode",
    "ReachWidthMeasure/MeasureValue", "ReachWidthMeasure/MeasureUnitCode", "PassCount", "NetTypeName",
    "NetSurfaceAreaMeasure/MeasureValue", "NetSurfaceAreaMeasure/MeasureUnitCode", "NetMeshSizeMeasure/MeasureValue",
    "NetMeshSizeMeasure/MeasureUnitCode", "BoatSpeedMeasure/MeasureValue", "BoatSpeedMeasure/MeasureUnitCode",
    "CurrentSpeedMeasure/MeasureValue", "CurrentSpeedMeasure/MeasureUnitCode", "ToxicityTestType",
    "SampleCollectionMethod/MethodIdentifier", "SampleCollectionMethod/MethodIdentifierContext",
    "SampleCollectionMethod/MethodName", "SampleCollectionMethod/MethodQualifierTypeName",
    "SampleCollectionMethod/MethodDescriptionText", "SampleCollectionEquipmentName",
    "SampleCollectionMethod/SampleCollectionEquipmentCommentText", "SamplePreparationMethod/MethodIdentifier",
    "SamplePreparationMethod/MethodIdentifierContext", "SamplePreparationMethod/MethodName",
    "SamplePreparationMethod/MethodQualifierTypeName", "SamplePreparationMethod/MethodDescriptionText",
    "SampleContainerTypeName", "SampleContainerColorName", "ChemicalPreservativeUsedName",
    "ThermalPreservativeUsedName", "SampleTransportStorageDescription", "ActivityMetricUrl", "ProviderName",
)


# Organization: devtools/demo/wqp/wqp_organizations.csv's header.
ORGANIZATION = (
    "OrganizationIdentifier", "OrganizationFormalName", "OrganizationDescriptionText", "OrganizationType",
    "TribalCode", "ElectronicAddress", "Telephonic", "OrganizationAddress/AddressTypeName_1",
    "OrganizationAddress/AddressText_1", "OrganizationAddress/SupplementalAddressText_1",
    "OrganizationAddress/LocalityName_1", "OrganizationAddress/StateCode_1", "OrganizationAddress/PostalCode_1",
    "OrganizationAddress/CountryCode_1", "OrganizationAddress/CountyCode_1", "OrganizationAddress/AddressTypeName_2",
    "OrganizationAddress/AddressText_2", "OrganizationAddress/SupplementalAddressText_2",
    "OrganizationAddress/LocalityName_2", "OrganizationAddress/StateCode_2", "OrganizationAddress/PostalCode_2",
    "OrganizationAddress/CountryCode_2", "OrganizationAddress/CountyCode_2", "OrganizationAddress/AddressTypeName_3",
    "OrganizationAddress/AddressText_3", "OrganizationAddress/SupplementalAddressText_3",
    "OrganizationAddress/LocalityName_3", "OrganizationAddress/StateCode_3", "OrganizationAddress/PostalCode_3",
    "OrganizationAddress/CountryCode_3", "OrganizationAddress/CountyCode_3", "ProviderName",
)


# Project: devtools/demo/wqp/wqp_projects.csv's header.
PROJECT = (
    "OrganizationIdentifier", "OrganizationFormalName", "ProjectIdentifier", "ProjectName", "ProjectDescriptionText",
    "SamplingDesignTypeCode", "QAPPApprovedIndicator", "QAPPApprovalAgencyName", "ProjectFileUrl",
    "ProjectMonitoringLocationWeightingUrl",
)


# ResultDetectionQuantitationLimit: devtools/demo/wqp/wqp_detection_limits.csv's header.
DETECTION_LIMIT = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "MonitoringLocationIdentifier",
    "ResultIdentifier", "CharacteristicName", "DetectionQuantitationLimitTypeName",
    "DetectionQuantitationLimitMeasure/MeasureValue", "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    "ProviderName",
)


# The services of what this product keeps none of, each answered with WQP's header and no rows. Their columns
# are WQP's own (its web services' delimited mappings, gov.usgs.wma.wqp.mapping.delimited in
# github.com/ee-usgs/WQP-WQX-Services, and the empty answers its tests expect).
# ActivityMetric (dataretrieval's what_activity_metrics): metrics of an activity for habitat or biotic indices.
ACTIVITY_METRIC = (
    "OrganizationIdentifier", "OrganizationFormalName", "MonitoringLocationIdentifier", "ActivityIdentifier",
    "ActivityMetricType/MetricTypeIdentifier", "ActivityMetricType/MetricTypeIdentifierContext",
    "ActivityMetricType/MetricTypeName", "MetricTypeCitation/ResourceTitleName",
    "MetricTypeCitation/ResourceCreatorName", "MetricTypeCitation/ResourceSubjectText",
    "MetricTypeCitation/ResourcePublisherName", "MetricTypeCitation/ResourceDate",
    "MetricTypeCitation/ResourceIdentifier", "MetricTypeCitation/MetricTypeScaleText",
    "MetricTypeCitation/FormulaDescriptionText", "MetricValueMeasure/MeasureValue",
    "MetricValueMeasure/MeasureUnitCode", "MetricValueMeasure/MetricScoreNumeric",
    "MetricValueMeasure/MetricCommentText", "MetricValueMeasure/IndexIdentifier", "ProviderName",
)

# BiologicalMetric (dataretrieval's what_habitat_metrics): a monitoring location's biological habitat indices.
BIOLOGICAL_METRIC = (
    "OrganizationIdentifier", "MonitoringLocationIdentifier", "IndexIdentifier", "IndexTypeIdentifier",
    "IndexTypeIdentifierContext", "IndexTypeName", "ResourceTitleName", "ResourceCreatorName", "ResourceSubjectText",
    "ResourcePublisherName", "ResourceDate", "ResourceIdentifier", "IndexTypeScaleText", "IndexScoreNumeric",
    "IndexQualifierCode", "IndexCommentText", "IndexCalculatedDate", "ProviderName",
)

# ProjectMonitoringLocationWeighting (dataretrieval's what_project_weights): a project's weighting of its
# locations. WQP names the citation's title ResourceSubjectText too, so that name comes twice, as in WQP's files.
PROJECT_MONITORING_LOCATION_WEIGHTING = (
    "OrganizationIdentifier", "OrganizationFormalName", "ProjectIdentifier", "MonitoringLocationIdentifier",
    "MeasureValue", "MeasureUnitCode", "StatisticalStratumText", "LocationCategoryName", "LocationStatusName",
    "ReferenceLocationTypeCode", "ReferenceLocationStartDate", "ReferenceLocationEndDate", "ResourceSubjectText",
    "ResourceCreatorName", "ResourceSubjectText", "ResourcePublisherName", "ResourceDate", "ResourceIdentifier",
    "CommentText",
)

# Each one's count headers, as WQP answers them (all 0 here).
EMPTY_SERVICES = {
    "activitymetric": ("Total-Site-Count", "Total-Activity-Count", "Total-ActivityMetric-Count"),
    "biologicalmetric": ("Total-Site-Count", "Total-BiologicalMetric-Count"),
    "projectmonitoringlocationweighting": ("Total-ProjectMonitoringLocationWeighting-Count",),
}


# WQX 3.0 Result, fullPhysChem (the default): devtools/demo/wqp/wqp3_results.csv's header.
WQX3_FULL_PHYS_CHEM = (
    "Org_Identifier", "Org_FormalName", "Project_Identifier", "Project_Name", "Project_QAPPApproved",
    "Project_QAPPApprovalAgency", "ProjectAttachment_FileName", "ProjectAttachment_FileType", "Location_Identifier",
    "Location_Name", "Location_Type", "Location_Description", "Location_State", "Location_CountryName",
    "Location_CountyName", "Location_CountryCode", "Location_StatePostalCode", "Location_CountyCode",
    "Location_HUCEightDigitCode", "Location_HUCTwelveDigitCode", "Location_TribalLandIndicator",
    "Location_TribalLand", "Location_Latitude", "Location_Longitude", "Location_HorzCoordReferenceSystemDatum",
    "Location_LatitudeStandardized", "Location_LongitudeStandardized", "Location_HorzCoordStandardizedDatum",
    "AlternateLocation_IdentifierCount", "Activity_ActivityIdentifier", "Activity_ActivityIdentifierUserSupplied",
    "Activity_TypeCode", "Activity_Media", "Activity_MediaSubdivisionName", "Activity_BottomDepthSamplingComponent",
    "ActivityBiological_AssemblageSampled", "ActivityBiological_ToxicityTestType", "Activity_ConductingOrganization",
    "Activity_Comment", "ActivityLocation_Latitude", "ActivityLocation_Longitude",
    "ActivityLocation_HorzCoordReferenceSystemDatum", "ActivityLocation_SourceMapScale",
    "ActivityLocation_LatitudeStandardized", "ActivityLocation_LongitudeStandardized",
    "ActivityLocation_HorzCoordStandardizedDatum", "ActivityLocation_HorzAccuracyMeasure",
    "ActivityLocation_HorzAccuracyMeasureUnit", "ActivityLocation_HorizontalAccuracyHorzCollectionMethod",
    "ActivityLocation_Description", "Activity_StartDate", "Activity_StartTime", "Activity_StartTimeZone",
    "Activity_EndDate", "Activity_EndTime", "Activity_EndTimeZone", "Activity_DepthHeightMeasure",
    "Activity_DepthHeightMeasureUnit", "Activity_BottomDepthAltitudeReferencePoint", "Activity_ActivityRelativeDepth",
    "Activity_TopDepthMeasure", "Activity_TopDepthMeasureUnit", "Activity_BottomDepthMeasure",
    "Activity_BottomDepthMeasureUnit", "SampleCollectionMethod_Identifier",
    "SampleCollectionMethod_IdentifierContext", "SampleCollectionMethod_Name",
    "SampleCollectionMethod_QualifierTypeName", "SampleCollectionMethod_Description",
    "SampleCollectionMethod_EquipmentName", "SampleCollectionMethod_EquipmentComment", "SamplePrepMethod_Identifier",
    "SamplePrepMethod_IdentifierContext", "SamplePrepMethod_Name", "SamplePrepMethod_QualifierType",
    "SamplePrepMethod_Description", "SamplePrepMethod_ContainerLabel", "SamplePrepMethod_ContainerType",
    "SamplePrepMethod_ContainerColor", "SamplePrepMethod_ChemicalPreservativeUsed",
    "SamplePrepMethod_ThermalPreservativeUsed", "SamplePrepMethod_TransportStorageDescription",
    "Activity_HydrologicCondition", "Activity_HydrologicEvent", "ActivityAttachment_FileName",
    "ActivityAttachment_FileType", "ActivityAttachment_FileDownload", "Result_DataLoggerLine",
    "Result_ResultDetectionCondition", "Result_Characteristic", "Result_CharacteristicUserSupplied",
    "Result_CASNumber", "Result_MethodSpeciation", "Result_SampleFraction", "ResultBiological_Intent",
    "ResultBiological_IndividualIdentifier", "ResultBiological_Taxon", "ResultBiological_TaxonUserSupplied",
    "ResultBiological_TaxonUserSuppliedReference", "ResultBiological_UnidentifiedSpeciesIdentifier",
    "ResultBiological_SampleTissueAnatomy", "ResultBiological_GroupSummaryCount", "GroupSummaryWeight_Measure",
    "GroupSummaryWeightMeasure_Unit", "ResultDepthHeight_Measure", "ResultDepthHeight_MeasureUnit",
    "ResultDepthHeight_AltitudeReferencePoint", "ResultDepthHeight_SamplingPointName",
    "ResultDepthHeight_SamplingPointType", "ResultDepthHeight_SamplingPointPlaceInSeries",
    "ResultDepthHeight_SamplingPointComment", "ResultDepthHeight_RecordIdentifierUserSupplied",
    "Result_MeasureIdentifier", "Result_Measure", "Result_MeasureUnit", "Result_MeasureQualifierCode",
    "Result_MeasureStatusIdentifier", "Result_StatisticalBase", "Result_StatisticalNValue", "Result_MeasureType",
    "Result_WeightBasis", "Result_TimeBasis", "Result_MeasureTemperatureBasis", "Result_MeasureParticleSizeBasis",
    "DataQuality_PrecisionValue", "DataQuality_BiasValue", "DataQuality_ConfidenceIntervalValue",
    "DataQuality_UpperConfidenceLimitValue", "DataQuality_LowerConfidenceLimitValue", "DataQuality_ResultComment",
    "DetectionLimit_TypeA", "DetectionLimit_MeasureA", "DetectionLimit_MeasureUnitA", "DetectionLimit_CommentA",
    "DetectionLimit_TypeB", "DetectionLimit_MeasureB", "DetectionLimit_MeasureUnitB", "DetectionLimit_CommentB",
    "LabInfo_LabSampleSplitRatio", "LabInfo_LabAccreditationIndicator", "LabInfo_LabAccreditationAuthority",
    "LabInfo_TaxonAccreditationIndicator", "LabInfo_TaxonAccreditationAuthority", "ResultAnalyticalMethod_Identifier",
    "ResultAnalyticalMethod_IdentifierContext", "ResultAnalyticalMethod_Name", "ResultAnalyticalMethod_QualifierType",
    "ResultAnalyticalMethod_Description", "Result_ComparableMethodIdentifier",
    "Result_ComparableMethodIdentifierContext", "Result_ComparableMethodModification", "LabInfo_Name",
    "LabInfo_AnalysisStartDate", "LabInfo_AnalysisStartTime", "LabInfo_AnalysisStartTimeZone",
    "LabInfo_AnalysisEndDate", "LabInfo_AnalysisEndTime", "LabInfo_AnalysisEndTimeZone", "LabInfo_LaboratoryComment",
    "LabSamplePrepMethod_Identifier", "LabSamplePrepMethod_IdentifierContext", "LabSamplePrepMethod_Name",
    "LabSamplePrepMethod_QualifierType", "LabSamplePrepMethod_Description", "LabSamplePrepMethod_StartDate",
    "LabSamplePrepMethod_StartTime", "LabSamplePrepMethod_StartTimeZone", "LabSamplePrepMethod_EndDate",
    "LabSamplePrepMethod_EndTime", "LabSamplePrepMethod_EndTimeZone", "LabSamplePrepMethod_DilutionFactor",
    "ResultAttachment_FileName", "ResultAttachment_FileType", "ResultAttachment_FileDownload", "ProviderName",
    "Result_CharacteristicComparable", "Result_CharacteristicGroup", "Org_Type", "LastChangeDate", "USGSpcode",
)


# WQX 3.0 Station: the organization and the Location_ columns of the WQX 3.0 files, in their order.
WQX3_STATION = (
    "Org_Identifier", "Org_FormalName", "Location_Identifier", "Location_Name", "Location_Type",
    "Location_Description", "Location_State", "Location_CountryName", "Location_CountyName", "Location_CountryCode",
    "Location_StatePostalCode", "Location_CountyCode", "Location_HUCEightDigitCode", "Location_HUCTwelveDigitCode",
    "Location_TribalLandIndicator", "Location_TribalLand", "Location_Latitude", "Location_Longitude",
    "Location_HorzCoordReferenceSystemDatum", "Location_LatitudeStandardized", "Location_LongitudeStandardized",
    "Location_HorzCoordStandardizedDatum", "AlternateLocation_IdentifierCount", "ProviderName",
)


# WQX 3.0 Activity: organization, project and location keys, then the Activity_ columns in their order.
WQX3_ACTIVITY = (
    "Org_Identifier", "Org_FormalName", "Project_Identifier", "Project_Name", "Location_Identifier", "Location_Name",
    "Location_Type", "Location_Latitude", "Location_Longitude", "Activity_ActivityIdentifier",
    "Activity_ActivityIdentifierUserSupplied", "Activity_TypeCode", "Activity_Media", "Activity_MediaSubdivisionName",
    "Activity_BottomDepthSamplingComponent", "ActivityBiological_AssemblageSampled",
    "ActivityBiological_ToxicityTestType", "Activity_ConductingOrganization", "Activity_Comment",
    "ActivityLocation_Latitude", "ActivityLocation_Longitude", "ActivityLocation_HorzCoordReferenceSystemDatum",
    "ActivityLocation_SourceMapScale", "ActivityLocation_LatitudeStandardized",
    "ActivityLocation_LongitudeStandardized", "ActivityLocation_HorzCoordStandardizedDatum",
    "ActivityLocation_HorzAccuracyMeasure", "ActivityLocation_HorzAccuracyMeasureUnit",
    "ActivityLocation_HorizontalAccuracyHorzCollectionMethod", "ActivityLocation_Description", "Activity_StartDate",
    "Activity_StartTime", "Activity_StartTimeZone", "Activity_EndDate", "Activity_EndTime", "Activity_EndTimeZone",
    "Activity_DepthHeightMeasure", "Activity_DepthHeightMeasureUnit", "Activity_BottomDepthAltitudeReferencePoint",
    "Activity_ActivityRelativeDepth", "Activity_TopDepthMeasure", "Activity_TopDepthMeasureUnit",
    "Activity_BottomDepthMeasure", "Activity_BottomDepthMeasureUnit", "SampleCollectionMethod_Identifier",
    "SampleCollectionMethod_IdentifierContext", "SampleCollectionMethod_Name",
    "SampleCollectionMethod_QualifierTypeName", "SampleCollectionMethod_Description",
    "SampleCollectionMethod_EquipmentName", "SampleCollectionMethod_EquipmentComment", "SamplePrepMethod_Identifier",
    "SamplePrepMethod_IdentifierContext", "SamplePrepMethod_Name", "SamplePrepMethod_QualifierType",
    "SamplePrepMethod_Description", "SamplePrepMethod_ContainerLabel", "SamplePrepMethod_ContainerType",
    "SamplePrepMethod_ContainerColor", "SamplePrepMethod_ChemicalPreservativeUsed",
    "SamplePrepMethod_ThermalPreservativeUsed", "SamplePrepMethod_TransportStorageDescription",
    "Activity_HydrologicCondition", "Activity_HydrologicEvent", "ActivityAttachment_FileName",
    "ActivityAttachment_FileType", "ActivityAttachment_FileDownload", "ProviderName",
)


# WQX 3.0 Result, narrow: the result's own columns with its activity and location keys.
WQX3_NARROW = (
    "Org_Identifier", "Org_FormalName", "Location_Identifier", "Location_Name", "Activity_ActivityIdentifier",
    "Activity_StartDate", "Activity_StartTime", "Activity_StartTimeZone", "Result_ResultDetectionCondition",
    "Result_Characteristic", "Result_CharacteristicUserSupplied", "Result_SampleFraction", "Result_MeasureIdentifier",
    "Result_Measure", "Result_MeasureUnit", "Result_MeasureQualifierCode", "Result_MeasureStatusIdentifier",
    "Result_MeasureType", "DetectionLimit_TypeA", "DetectionLimit_MeasureA", "DetectionLimit_MeasureUnitA",
    "ResultAnalyticalMethod_Identifier", "ResultAnalyticalMethod_IdentifierContext", "ProviderName",
)


# The monitoring-location summary (/data/summary/monitoringLocation/search): one row per site, year and
# characteristic, as WQP's summary service answers it.
SUMMARY_MONITORING_LOCATION = (
    "Provider", "MonitoringLocationIdentifier", "YearSummarized", "CharacteristicType", "CharacteristicName",
    "ActivityCount", "ResultCount", "LastResultSubmittedDate", "OrganizationIdentifier", "OrganizationFormalName",
    "MonitoringLocationName", "MonitoringLocationTypeName", "ResolvedMonitoringLocationTypeName",
    "HUCEightDigitCode", "MonitoringLocationUrl", "CountyName", "StateName", "MonitoringLocationLatitude",
    "MonitoringLocationLongitude",
)


# WQX 3.0 column -> the legacy column (record key) holding the same value.
WQX3_FROM = {
    "Org_Identifier": "OrganizationIdentifier", "Org_FormalName": "OrganizationFormalName",
    "Project_Identifier": "ProjectIdentifier", "Project_Name": "ProjectName",
    "Location_Identifier": "MonitoringLocationIdentifier", "Location_Name": "MonitoringLocationName",
    "Location_Type": "MonitoringLocationTypeName", "Location_Description": "MonitoringLocationDescriptionText",
    "Location_CountryCode": "CountryCode", "Location_CountyCode": "CountyCode",
    # Names of the station's state, country and county, from their codes (service.station_records).
    "Location_State": "Location_State", "Location_CountryName": "Location_CountryName",
    "Location_CountyName": "Location_CountyName", "Location_StatePostalCode": "Location_StatePostalCode",
    "Location_HorzCoordReferenceSystemDatum": "HorizontalCoordinateReferenceSystemDatumName",
    "Location_HUCEightDigitCode": "HUCEightDigitCode", "Location_HUCTwelveDigitCode": "HUCTwelveDigitCode",
    "Location_Latitude": "LatitudeMeasure", "Location_Longitude": "LongitudeMeasure",
    "Activity_ActivityIdentifier": "ActivityIdentifier", "Activity_TypeCode": "ActivityTypeCode",
    "Activity_Media": "ActivityMediaName", "Activity_MediaSubdivisionName": "ActivityMediaSubdivisionName",
    "Activity_ConductingOrganization": "ActivityConductingOrganizationText", "Activity_Comment": "ActivityCommentText",
    "Activity_StartDate": "ActivityStartDate", "Activity_StartTime": "ActivityStartTime/Time",
    "Activity_StartTimeZone": "ActivityStartTime/TimeZoneCode", "Activity_HydrologicCondition": "HydrologicCondition",
    "Activity_HydrologicEvent": "HydrologicEvent", "Result_ResultDetectionCondition": "ResultDetectionConditionText",
    "Result_Characteristic": "CharacteristicName", "Result_SampleFraction": "ResultSampleFractionText",
    "Result_Measure": "ResultMeasureValue", "Result_MeasureUnit": "ResultMeasure/MeasureUnitCode",
    "Result_MeasureQualifierCode": "MeasureQualifierCode", "Result_MeasureStatusIdentifier": "ResultStatusIdentifier",
    "Result_MeasureType": "ResultValueTypeName", "Result_CharacteristicGroup": "CharacteristicType",
    # A result's detection limit: the first of WQX 3.0's two (A); this product keeps one (as WQX 2 names it).
    "DetectionLimit_TypeA": "DetectionQuantitationLimitTypeName",
    "DetectionLimit_MeasureA": "DetectionQuantitationLimitMeasure/MeasureValue",
    "DetectionLimit_MeasureUnitA": "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    "ProviderName": "ProviderName",
}

# Column groups of fullPhysChem that basicPhysChem leaves out (biology, laboratory, attachments, QA details).
_NOT_BASIC = ("Project_QAPP", "ProjectAttachment_", "ActivityLocation_", "ActivityBiological_", "SampleCollectionMethod_",
              "SamplePrepMethod_", "ActivityAttachment_", "ResultBiological_", "GroupSummary", "ResultDepthHeight_",
              "DataQuality_", "LabInfo_", "LabSamplePrepMethod_", "ResultAttachment_", "Result_Comparable")
WQX3_BASIC_PHYS_CHEM = tuple(c for c in WQX3_FULL_PHYS_CHEM if not c.startswith(_NOT_BASIC))

# (interface, service) -> {profile (lower case): columns}; the first profile is the default.
PROFILES = {
    ("data", "station"): {"station": STATION},
    ("data", "result"): {"resultphyschem": RESULT_PHYS_CHEM, "narrowresult": NARROW_RESULT, "biological": BIOLOGICAL},
    ("data", "activity"): {"activity": ACTIVITY, "activityall": ACTIVITY},
    ("data", "organization"): {"organization": ORGANIZATION},
    ("data", "project"): {"project": PROJECT},
    ("data", "resultdetectionquantitationlimit"): {"resultdetectionquantitationlimit": DETECTION_LIMIT},
    ("data", "activitymetric"): {"activitymetric": ACTIVITY_METRIC},
    ("data", "biologicalmetric"): {"biologicalmetric": BIOLOGICAL_METRIC},
    ("data", "projectmonitoringlocationweighting"): {
        "projectmonitoringlocationweighting": PROJECT_MONITORING_LOCATION_WEIGHTING},
    ("wqx3", "station"): {"station": WQX3_STATION},
    ("wqx3", "result"): {"fullphyschem": WQX3_FULL_PHYS_CHEM, "basicphyschem": WQX3_BASIC_PHYS_CHEM,
                         "narrow": WQX3_NARROW},
    ("wqx3", "activity"): {"activity": WQX3_ACTIVITY},
}
# Services by their lower-case name, as WQP spells them (its paths match case-insensitively).
SERVICE_NAMES = {"station": "Station", "result": "Result", "activity": "Activity", "organization": "Organization",
                 "project": "Project", "resultdetectionquantitationlimit": "ResultDetectionQuantitationLimit",
                 "activitymetric": "ActivityMetric", "biologicalmetric": "BiologicalMetric",
                 "projectmonitoringlocationweighting": "ProjectMonitoringLocationWeighting"}
PROFILE_NAMES = {"resultphyschem": "resultPhysChem", "narrowresult": "narrowResult", "biological": "biological",
                 "activity": "activity", "activityall": "activityAll", "fullphyschem": "fullPhysChem",
                 "basicphyschem": "basicPhysChem", "narrow": "narrow"}


def sources(columns: tuple[str, ...], interface: str) -> tuple[str | None, ...]:
    """The record key read for each column (None: a WQX 3.0 column this product has nothing for)."""
    if interface == "data":
        return columns
    return tuple(WQX3_FROM.get(c) for c in columns)
